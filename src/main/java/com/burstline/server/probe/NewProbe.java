package com.burstline.server.probe;

import com.burstline.contract.Scenario;

import java.time.Instant;

/**
 * A probe to keep: which scenario of which job measured it, between which hosts, and its figures.
 *
 * @param host     the host the probe is about (the job's SUT)
 * @param scenario what the probe ran: its direction, and its duration, the probe's maximum
 * @param source   where the samples came from: iperf3's own intervals or the interface counters
 * @param runId    the run the scenario stored, when it ran to its end; null when the probe stopped it at the drop
 */
public record NewProbe(long jobId, long scenarioId, String host, String peer, Scenario scenario, String source,
                       Long runId, Instant measuredAt, ProbeFigures figures) {
}
