package com.burstline.contract;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The transport a test measures: iperf3's {@code test_start.protocol}, a scenario's, a run's. Its name is what the
 * wire, the API and the database say ({@code TCP}, {@code UDP}).
 */
public enum Protocol {
    TCP, UDP;

    /** The names a message may give (any case): the contract's choice of values. */
    public static final Set<String> NAMES = Arrays.stream(values()).map(Enum::name)
            .collect(Collectors.toUnmodifiableSet());

    /**
     * Parses {@code TCP} or {@code UDP} in any case.
     *
     * @throws IllegalArgumentException saying what is allowed
     */
    public static Protocol fromName(String value) {
        try {
            return valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (RuntimeException unknown) {
            throw new IllegalArgumentException("protocol must be TCP or UDP, not "
                    + (value == null ? "missing" : "'" + value + "'"));
        }
    }
}
