package com.burstline.server.run;

import com.burstline.contract.Scenario;

import java.time.Instant;

/**
 * One run as a point of a series over time: only what a trend needs, read without the run's tags, provenance or
 * intervals, so that a series of thousands of runs costs one narrow query. {@code receivedBitsPerSecond} is null
 * for a request/response run (UDP_RR, TCP_RR), whose figure is its transactions' round trips.
 */
public record RunPoint(long id, Instant startedAt, Instant uploadedAt, String sut, String peer, String driver,
                       Long jobId, Scenario scenario, Double receivedBitsPerSecond, Limits limits) {

    public RunPoint {
        limits = limits == null ? Limits.NONE : limits; // a part whose columns are all null is read as null
    }

    /** When the run was measured; an upload without iperf3's start time counts from its upload. */
    public Instant time() {
        return startedAt != null ? startedAt : uploadedAt;
    }
}
