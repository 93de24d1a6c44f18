package com.burstline.server.run;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Uploads may come gzip-compressed ({@code Content-Encoding: gzip}, as {@code curl --compressed} style clients and
 * proxies send them); the run keeps the decoded bytes, which are what iperf3 printed. The decoded size is held to the
 * same limit as a plain upload, so a small compressed body cannot fill the heap. Other encodings are refused.
 */
public final class ContentEncodings {
    private ContentEncodings() {
    }

    static byte[] decode(byte[] body, String encoding, long limit) throws IOException {
        if (encoding == null || encoding.isBlank() || encoding.strip().equalsIgnoreCase("identity")) {
            return body;
        }
        if (!encoding.strip().equalsIgnoreCase("gzip") && !encoding.strip().equalsIgnoreCase("x-gzip")) {
            throw new Unsupported("Content-Encoding '" + encoding.strip() + "' is not accepted: send the body as "
                    + "is or with Content-Encoding: gzip.");
        }
        try (GZIPInputStream gunzip = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return BoundedBody.read(gunzip, -1, limit);
        } catch (ZipException | java.io.EOFException broken) {
            throw new Unsupported("The body says Content-Encoding: gzip but is not complete gzip data ("
                    + broken.getMessage() + ").");
        }
    }

    /** Answered 415; nothing was stored. */
    public static final class Unsupported extends RuntimeException {
        Unsupported(String message) {
            super(message);
        }
    }
}
