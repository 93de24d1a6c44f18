package com.burstline.contract;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which way the data flows, seen from the iperf3 client (the system under test). Its {@link #apiName()} is what the
 * wire, the API and the database say.
 */
public enum Direction {
    /** The client sends (iperf3's default). */
    UPLOAD,
    /** The server sends ({@code -R}). */
    DOWNLOAD,
    /** Both at once ({@code --bidir}). */
    BIDIR;

    /** The names a message may give (any case): the contract's choice of values. */
    public static final Set<String> NAMES = Arrays.stream(values()).map(Direction::apiName)
            .collect(Collectors.toUnmodifiableSet());

    /** The lower-case name used in the API and on pages. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The API name, so that pages and sentences print what the API says. */
    @Override
    public String toString() {
        return apiName();
    }

    /** Which host sends this direction's data: the client for an upload (and a bidir run's forward direction). */
    public boolean clientSends() {
        return this != DOWNLOAD;
    }

    /**
     * Parses {@code upload}, {@code download} or {@code bidir}, in any case.
     *
     * @throws IllegalArgumentException saying what is allowed
     */
    public static Direction fromApiName(String value) {
        for (Direction direction : values()) {
            if (direction.apiName().equalsIgnoreCase(value)) {
                return direction;
            }
        }
        throw new IllegalArgumentException("direction must be upload, download or bidir, not '" + value + "'");
    }
}
