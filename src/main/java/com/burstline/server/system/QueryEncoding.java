package com.burstline.server.system;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Whether a raw query string decodes the way the container decodes it: every {@code %} starts an escape of two hex
 * digits, and the bytes are UTF-8. The container's own failure surfaced as an exception with a stack trace in the
 * log (and once as a 500), long after the request was accepted; this check answers first, in words.
 */
final class QueryEncoding {
    private QueryEncoding() {
    }

    /** Null when {@code raw} (null for no query) decodes, else what is wrong, in words. */
    static String problem(String raw) {
        if (raw == null) {
            return null;
        }
        ByteBuffer bytes = ByteBuffer.allocate(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length() || Character.digit(raw.charAt(i + 1), 16) < 0
                        || Character.digit(raw.charAt(i + 2), 16) < 0) {
                    return "'" + raw.substring(i, Math.min(raw.length(), i + 3)) + "' at position " + (i + 1)
                            + " is not a %-escape of two hex digits (write a literal % as %25)";
                }
                bytes.put((byte) Integer.parseInt(raw.substring(i + 1, i + 3), 16));
                i += 2;
            } else if (c == '&' || c == '=') {
                String broken = utf8Problem(bytes);
                if (broken != null) {
                    return broken;
                }
                bytes.clear();
            } else {
                bytes.put((byte) (c < 0x80 ? c : '?')); // the container already refused raw non-ASCII
            }
        }
        return utf8Problem(bytes);
    }

    private static String utf8Problem(ByteBuffer bytes) {
        bytes.flip();
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(bytes);
            return null;
        } catch (CharacterCodingException e) {
            return "its %-escapes are not UTF-8";
        } finally {
            bytes.clear();
        }
    }
}
