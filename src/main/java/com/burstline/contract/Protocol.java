package com.burstline.contract;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The transport a test measures: iperf3's {@code test_start.protocol}, a scenario's, a run's. Its name is what the
 * wire, the API and the database say ({@code TCP}, {@code UDP}, {@code UDP_RR}, {@code TCP_RR}).
 */
public enum Protocol {
    TCP, UDP,
    /**
     * Request/response, as netperf's and sockperf's ping-pong: a scenario's streams are flows, each with one
     * transaction of its message size outstanding at a time, measured by the engine on both ends (docs/engine.md).
     */
    UDP_RR, TCP_RR;

    /** The names a message may give (any case): the contract's choice of values. */
    public static final Set<String> NAMES = Arrays.stream(values()).map(Enum::name)
            .collect(Collectors.toUnmodifiableSet());

    /** {@link #UDP_RR} or {@link #TCP_RR}: transactions, not a throughput test; no iperf3 runs them. */
    public boolean requestResponse() {
        return this == UDP_RR || this == TCP_RR;
    }

    /** Whether a wire message's protocol name is {@link #UDP_RR} or {@link #TCP_RR} (exact case, as the wire says). */
    public static boolean isRequestResponse(String name) {
        return UDP_RR.name().equals(name) || TCP_RR.name().equals(name);
    }

    /**
     * What a person is told who named no protocol: the throughput tests first, as it has always read, then the
     * request/response ones.
     */
    public static String problem(String value) {
        return "protocol must be TCP or UDP, not " + (value == null ? "missing" : "'" + value + "'") + " (or "
                + UDP_RR + " or " + TCP_RR + " for a request/response test)";
    }

    /**
     * Parses {@code TCP}, {@code UDP}, {@code UDP_RR} or {@code TCP_RR} in any case.
     *
     * @throws IllegalArgumentException saying what is allowed
     */
    public static Protocol fromName(String value) {
        try {
            return valueOf(value.strip().toUpperCase(Locale.ROOT));
        } catch (RuntimeException unknown) {
            throw new IllegalArgumentException(problem(value));
        }
    }
}
