package com.burstline.iperf;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * iperf3 prints UTF-8 JSON. Bytes that are not UTF-8 would be read with replacement characters, so the stored
 * figures and the kept raw bytes would disagree; such input is refused, saying at which byte it stops being UTF-8.
 */
public final class Utf8Input {
    private Utf8Input() {
    }

    public static void require(byte[] content) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer bytes = ByteBuffer.wrap(content);
        try {
            decoder.decode(bytes);
        } catch (CharacterCodingException notUtf8) {
            throw new Iperf3FormatException("the upload is not UTF-8 text (invalid bytes at or after byte "
                    + bytes.position() + "); iperf3 prints UTF-8 JSON");
        }
    }
}
