package com.burstline.server.run;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/** Reads a request body into memory, but never more than the limit: a 2 GB upload must not fill the heap first. */
final class BoundedBody {
    private BoundedBody() {
    }

    static byte[] read(InputStream body, long declaredLength, long limit) throws IOException {
        if (declaredLength > limit) {
            throw new UploadTooLargeException(limit);
        }
        ByteArrayOutputStream content = new ByteArrayOutputStream(declaredLength > 0 ? (int) declaredLength : 8192);
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        int read;
        try {
            while ((read = body.read(buffer)) != -1) {
                total += read;
                if (total > limit) {
                    throw new UploadTooLargeException(limit);
                }
                content.write(buffer, 0, read);
            }
        } catch (IOException broken) {
            // the connection broke or the server is stopping: not the client's bad input, and nothing is stored
            throw new UploadInterruptedException(broken);
        }
        return content.toByteArray();
    }
}
