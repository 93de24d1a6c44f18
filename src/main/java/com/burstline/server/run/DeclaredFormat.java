package com.burstline.server.run;

import com.burstline.iperf.Iperf3FormatException;
import com.burstline.iperf.Iperf3Result;

/**
 * The content type an uploader declares must be the one iperf3's output has: {@code -J} output as
 * application/json, {@code --json-stream} output as application/x-ndjson. Otherwise the raw download would answer
 * with a type that does not describe its bytes.
 */
public final class DeclaredFormat {
    static final String JSON = "application/json";
    static final String NDJSON = "application/x-ndjson";

    private DeclaredFormat() {
    }

    static void check(Iperf3Result.OutputFormat format, String declared) {
        String expected = format == Iperf3Result.OutputFormat.JSON_STREAM ? NDJSON : JSON;
        if (!expected.equalsIgnoreCase(declared)) {
            String what = format == Iperf3Result.OutputFormat.JSON_STREAM ? "iperf3 --json-stream" : "iperf3 -J";
            throw new Mismatch("This is " + what + " output, sent as " + declared + ": send it with Content-Type: "
                    + expected + ".");
        }
    }

    /** iperf3 prints UTF-8; a body declared in another charset would be stored under a type that lies. */
    static void checkCharset(String contentType) {
        org.springframework.http.MediaType type = org.springframework.http.MediaType.parseMediaType(contentType);
        String charset = type.getParameter("charset");
        if (charset != null && !charset.replace("\"", "").equalsIgnoreCase("utf-8")) {
            throw new Mismatch("iperf3 prints UTF-8, but this body is declared as charset=" + charset + ": send it "
                    + "with Content-Type: " + type.getType() + "/" + type.getSubtype() + " (or charset=utf-8).");
        }
    }

    /** Answered 415; nothing was stored. */
    public static final class Mismatch extends Iperf3FormatException {
        Mismatch(String message) {
            super(message);
        }
    }
}
