package com.burstline.server.run;

import com.burstline.contract.Direction;
import com.burstline.contract.Protocol;

import java.time.Instant;

/**
 * Which runs to list; every field optional, all given fields must match. Names ({@code sut}, {@code peer},
 * {@code driver}, {@code instanceType}, {@code tag}) match case-insensitively anywhere in the value
 * ({@code driver=ena} finds "ENA ARM64 2.2.1"); protocol and direction exactly, checked here so that a typo is a
 * clear 400, not an empty list. {@code job} is the id of the job that measured the runs; {@code from} (inclusive)
 * and {@code to} (exclusive) bound when the run started (see {@link TimeBounds}). {@code status} is
 * {@code complete} or {@code partial} ({@link RunStatus}); null lists both, while comparisons, trends and reports
 * read null as complete (see {@link RunSelections}).
 */
public record RunFilter(String sut, String peer, String driver, String instanceType, Protocol protocol,
                        Direction direction, String tag, Long job, Instant from, Instant to, RunStatus status) {

    /** Without a date range. */
    public RunFilter(String sut, String peer, String driver, String instanceType, Protocol protocol,
                     Direction direction, String tag, Long job) {
        this(sut, peer, driver, instanceType, protocol, direction, tag, job, null, null, null);
    }

    /** Without a job: the filters the runs pages offer. */
    public RunFilter(String sut, String peer, String driver, String instanceType, Protocol protocol,
                     Direction direction, String tag) {
        this(sut, peer, driver, instanceType, protocol, direction, tag, null, null, null, null);
    }

    public RunFilter {
        sut = blankToNull(sut);
        peer = blankToNull(peer);
        driver = blankToNull(driver);
        instanceType = blankToNull(instanceType);
        tag = blankToNull(tag);
        if (from != null && to != null && !from.isBefore(to)) {
            throw new InvalidRunInputException("from (" + from + ") must be before to (" + to + ")");
        }
    }

    /**
     * A selection as its query parameters give it (the runs API and page, a relabel, compare): the times and the
     * status are parsed and checked here, once.
     *
     * @throws InvalidRunInputException for a time or status it cannot read
     */
    public static RunFilter fromParameters(String sut, String peer, String driver, String instanceType,
                                           String protocol, String direction, String tag, Long job, String from,
                                           String to, String status) {
        return new RunFilter(sut, peer, driver, instanceType, protocol(blankToNull(protocol)),
                direction(blankToNull(direction)), tag, job, TimeBounds.from(from), TimeBounds.to(to), status(status));
    }

    public static RunFilter none() {
        return new RunFilter(null, null, null, null, null, null, null, null, null, null, null);
    }

    /** The same filter, narrowed to one status. */
    public RunFilter withStatus(RunStatus wanted) {
        return new RunFilter(sut, peer, driver, instanceType, protocol, direction, tag, job, from, to, wanted);
    }

    /** {@code complete}, {@code partial}, or null/blank for either. */
    public static RunStatus status(String value) {
        return value == null || value.isBlank() ? null : RunStatus.fromApiName(value);
    }

    /** A query's protocol; null for any. */
    public static Protocol protocol(String protocol) {
        try {
            return protocol == null ? null : Protocol.fromName(protocol);
        } catch (IllegalArgumentException e) {
            throw new InvalidRunInputException(e.getMessage());
        }
    }

    /** A query's direction; null for any. */
    public static Direction direction(String direction) {
        try {
            return direction == null ? null : Direction.fromApiName(direction);
        } catch (IllegalArgumentException e) {
            throw new InvalidRunInputException(e.getMessage());
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
