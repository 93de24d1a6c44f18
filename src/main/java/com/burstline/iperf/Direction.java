package com.burstline.iperf;

import java.util.Locale;

/** Which way the data flows, seen from the iperf3 client (the system under test). */
public enum Direction {
    /** The client sends (iperf3's default). */
    UPLOAD,
    /** The server sends ({@code -R}). */
    DOWNLOAD,
    /** Both at once ({@code --bidir}). */
    BIDIR;

    /** The lower-case name used in the API and on pages. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code upload}, {@code download} or {@code bidir}, in any case. */
    public static Direction fromApiName(String value) {
        for (Direction direction : values()) {
            if (direction.apiName().equalsIgnoreCase(value)) {
                return direction;
            }
        }
        throw new IllegalArgumentException("direction must be upload, download or bidir, not '" + value + "'");
    }
}
