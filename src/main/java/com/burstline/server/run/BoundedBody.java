package com.burstline.server.run;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reads a request body into memory, but never more than the limit: a 2 GB upload must not fill the heap first. */
final class BoundedBody {
    private BoundedBody() {
    }

    /**
     * A request's own body: a read that fails there means the connection broke or the server is stopping, which is
     * not the client's bad input (unlike a broken gzip inside a whole body, which {@link ContentEncodings} refuses).
     */
    static byte[] readRequest(InputStream body, long declaredLength, long limit) {
        try {
            return read(body, declaredLength, limit);
        } catch (IOException broken) {
            throw new UploadInterruptedException(broken);
        }
    }

    static byte[] read(InputStream body, long declaredLength, long limit) throws IOException {
        if (declaredLength > limit) {
            throw new UploadTooLargeException(limit);
        }
        ByteArrayOutputStream content = new ByteArrayOutputStream(declaredLength > 0 ? (int) declaredLength : 8192);
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        int read;
        while ((read = body.read(buffer)) != -1) {
            total += read;
            if (total > limit) {
                throw new UploadTooLargeException(limit);
            }
            content.write(buffer, 0, read);
        }
        return content.toByteArray();
    }
}
