package com.burstline.iperf;

import java.util.Locale;

/**
 * Which end of a stream wrote an interval row: the host that sent the data or the one that received it. What a
 * sender wrote is what it put on the wire; only the receiver's rows say what arrived (a UDP sender at 1 Gbit/s while
 * 654 Mbit/s arrived).
 */
public enum Side {
    SENDER,
    RECEIVER;

    /** The lower-case name used in the API ({@code ?side=sender|receiver}) and the database. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The API name, so that pages and the JSON say what the API says. */
    @Override
    public String toString() {
        return apiName();
    }

    /** Parses {@code sender} or {@code receiver}, in any case. */
    public static Side fromApiName(String value) {
        for (Side side : values()) {
            if (side.apiName().equalsIgnoreCase(value)) {
                return side;
            }
        }
        throw new IllegalArgumentException("side must be sender or receiver, not '" + value + "'");
    }
}
