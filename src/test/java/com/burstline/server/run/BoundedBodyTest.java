package com.burstline.server.run;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An upload's body: read whole within the limit, refused past it, and a body cut off by a broken connection (as
 * when the server stops mid-upload) is an interruption, answered 503, never the client's bad input.
 */
class BoundedBodyTest {

    @Test
    void aBodyWithinTheLimitIsReadWhole() throws IOException {
        assertThat(BoundedBody.read(new ByteArrayInputStream(new byte[1000]), -1, 1000)).hasSize(1000);
    }

    @Test
    void aBodyPastTheLimitIsTooLarge() {
        assertThatThrownBy(() -> BoundedBody.read(new ByteArrayInputStream(new byte[1001]), -1, 1000))
                .isInstanceOf(UploadTooLargeException.class);
    }

    @Test
    void aConnectionThatBreaksMidRequestBodyIsAnInterruption() {
        InputStream broken = new SequenceInputStream(new ByteArrayInputStream(new byte[100]), new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("Connection reset by peer");
            }
        });

        assertThatThrownBy(() -> BoundedBody.readRequest(broken, 500, 1000))
                .isInstanceOf(UploadInterruptedException.class)
                .hasRootCauseMessage("Connection reset by peer");
    }
}
