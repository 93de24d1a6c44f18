package com.burstline.iperf;

import java.util.Locale;

/**
 * Which end of the test wrote an output: the iperf3 client ({@code iperf3 -c -J}) or the server
 * ({@code iperf3 -s -J}). Not a stream's {@link Side}: a server's output holds both the rows it sent and those it
 * received, but only the figures the server measured itself or was told.
 */
public enum OutputSide {
    CLIENT,
    SERVER;

    /** The lower-case name used in the API ({@code "side": "server"}) and the database. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The API name, so that pages and the JSON say what the API says. */
    @Override
    public String toString() {
        return apiName();
    }

    /** Parses {@code client} or {@code server}, as {@link #apiName()} writes them. */
    public static OutputSide fromApiName(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }
}
