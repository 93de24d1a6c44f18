package com.burstline.server.latency;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/**
 * A run's latency as the API shows it ({@code GET /api/v1/runs/{id}/latency}). {@code kind} is
 * {@code loaded-latency} (the probe beside a throughput scenario: {@code idle}, {@code loaded}, the one-way delay's
 * {@code uploadRise} and {@code downloadRise} above the idle window's lowest, and the loaded ÷ idle ratios) or
 * {@code request-response} (a UDP_RR or TCP_RR scenario: {@code transactions}, their rate and both ends' CPU); null,
 * with every figure null and no samples, for a run without latency figures (an upload, or a job that turned the
 * probe off). {@code source} is {@code result} when the figures came with the agent's result, {@code live-samples}
 * when the result never came and they are what arrived while the scenario ran. Times in milliseconds; sample times
 * in seconds from the measuring tool's start (negative in the probe's idle window). {@code text} and each figures'
 * {@code text} are the words pages show ({@link LatencyText}).
 *
 * @param probeBytesPerSecond the probe's own traffic each way, IPv4 and UDP headers included
 */
public record RunLatency(long runId, String kind, String source, String protocol, Integer messageBytes,
                         Integer flows, Double ratePerSecond, Double idleSeconds, Double timeoutMs,
                         Double measuredSeconds, Double probeBytesPerSecond, Figures idle, Figures loaded,
                         Figures transactions, Figures uploadRise, Figures downloadRise,
                         Double loadedToIdleP50Ratio, Double loadedToIdleP99Ratio, Double transactionsPerSecond,
                         Double clientCpuPercent, Double serverCpuPercent, List<Sample> samples) {

    static RunLatency none(long runId) {
        return new RunLatency(runId, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null, null, List.of());
    }

    /** The run's latency in the words pages show. */
    @JsonProperty
    public LatencyText text() {
        return LatencyText.of(this);
    }

    /**
     * Round trips of one set of requests or transactions; {@code lostPercent} of those sent (answered + lost), null
     * when none was.
     */
    public record Figures(long answered, long lost, Double lostPercent, Double minMs, Double p50Ms, Double p90Ms,
                          Double p99Ms, Double p999Ms, Double maxMs, Double meanMs) {
        /** The figures in the words pages show. */
        @JsonProperty
        public LatencyText.Figures text() {
            return LatencyText.Figures.of(this);
        }
    }

    /** One interval: its seconds, its phase ({@code idle}, {@code loaded}, {@code omitted}, {@code measured}). */
    public record Sample(double start, double end, String phase, long answered, long lost, Double minMs,
                         Double p50Ms, Double p90Ms, Double p99Ms, Double p999Ms, Double maxMs, Double meanMs) {
    }
}
