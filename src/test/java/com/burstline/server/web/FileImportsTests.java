package com.burstline.server.web;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The upload page sends each file with the media type its content shows, whatever the browser claimed. */
class FileImportsTests {

    @Test
    void jsonStreamOutputIsNdjson() throws IOException {
        assertThat(FileImports.mediaTypeOf(sample("iperf3-318-tcp-1-upload-stream.json")))
                .isEqualTo(FileImports.NDJSON);
    }

    @Test
    void dashJOutputIsJson() throws IOException {
        assertThat(FileImports.mediaTypeOf(sample("iperf3-318-tcp-1-upload.json"))).isEqualTo(FileImports.JSON);
    }

    @Test
    void emptyContentIsJsonAndLeftToTheParserToRefuse() {
        assertThat(FileImports.mediaTypeOf(new byte[0])).isEqualTo(FileImports.JSON);
    }

    private static byte[] sample(String name) throws IOException {
        try (InputStream in = FileImportsTests.class.getResourceAsStream("/iperf3/" + name)) {
            return in.readAllBytes();
        }
    }
}
