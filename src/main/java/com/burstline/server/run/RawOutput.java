package com.burstline.server.run;

/** The bytes of an upload exactly as received, with the media type they came as. */
public record RawOutput(String mediaType, byte[] content) {
}
