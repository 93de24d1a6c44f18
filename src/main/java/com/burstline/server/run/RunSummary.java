package com.burstline.server.run;

import com.burstline.contract.Scenario;

import java.time.Instant;
import java.util.List;

/**
 * A run as the API and pages show it. Figures are iperf3's own, unrounded, in bits per second; limits come from the
 * upload's overrides or the instance catalog. {@code jobId} is the job that measured the run, null for uploads.
 * {@code status} is {@code complete}, or {@code partial} for a run whose scenario failed or was cancelled after
 * measuring something: its figures cover only the intervals measured before {@code error} (in words) happened.
 * {@code peerTool} and {@code peerToolVersion} name the program that served the other end ({@code iperf3} or
 * {@code burstline-java}), read from the server's report the client's output carried; both null when the output does
 * not say (a version alone is null when the server wrote text). {@code side} is {@code client}, or {@code server}
 * for a server's output ({@code iperf3 -s -J}), which holds only what the server saw. A figure the output does not
 * hold is null, never 0: {@code sentBitsPerSecond} of a server's upload, {@code receivedBitsPerSecond} of UDP before
 * iperf3 3.11 (docs/iperf3-shapes.md). The field names are part of the API.
 */
public record RunSummary(
        long id,
        String sut,
        String peer,
        String instanceType,
        String driver,
        List<String> tags,
        String tool,
        String toolVersion,
        String peerTool,
        String peerToolVersion,
        String outputFormat,
        String side,
        Instant startedAt,
        Instant uploadedAt,
        String protocol,
        String direction,
        int streams,
        int durationSeconds,
        int omitSeconds,
        Long targetBitsPerSecond,
        Double sentBitsPerSecond,
        Double receivedBitsPerSecond,
        Long retransmits,
        Double jitterMs,
        Double lostPercent,
        Double hostCpuPercent,
        Double remoteCpuPercent,
        Double burstLimitBitsPerSecond,
        Double baselineBitsPerSecond,
        Double percentOfBurstLimit,
        Double reverseSentBitsPerSecond,
        Double reverseReceivedBitsPerSecond,
        int intervalCount,
        Long jobId,
        String status,
        String error) {

    /** A complete run that no job measured (an upload): the same summary without a {@code jobId}. */
    public RunSummary(long id, String sut, String peer, String instanceType, String driver, List<String> tags,
                      String tool, String toolVersion, String outputFormat, Instant startedAt, Instant uploadedAt,
                      String protocol, String direction, int streams, int durationSeconds, int omitSeconds,
                      Long targetBitsPerSecond, Double sentBitsPerSecond, Double receivedBitsPerSecond,
                      Long retransmits, Double jitterMs, Double lostPercent, Double hostCpuPercent,
                      Double remoteCpuPercent, Double burstLimitBitsPerSecond, Double baselineBitsPerSecond,
                      Double percentOfBurstLimit, Double reverseSentBitsPerSecond,
                      Double reverseReceivedBitsPerSecond, int intervalCount) {
        this(id, sut, peer, instanceType, driver, tags, tool, toolVersion, null, null, outputFormat, "client",
                startedAt, uploadedAt, protocol, direction, streams, durationSeconds, omitSeconds, targetBitsPerSecond,
                sentBitsPerSecond, receivedBitsPerSecond, retransmits, jitterMs, lostPercent, hostCpuPercent,
                remoteCpuPercent, burstLimitBitsPerSecond, baselineBitsPerSecond, percentOfBurstLimit,
                reverseSentBitsPerSecond, reverseReceivedBitsPerSecond, intervalCount, null,
                RunStatus.COMPLETE.apiName(), null);
    }

    /** Whether the run measured only part of its test (see {@link RunStatus}). */
    /** A UDP_RR or TCP_RR run: transactions and no throughput figure (its round trips are the latency API's). */
    public boolean requestResponse() {
        return Scenario.isRequestResponse(protocol);
    }

    public boolean partial() {
        return RunStatus.PARTIAL.apiName().equals(status);
    }

    /**
     * The CPU of the host that sent the run's (forward) data, whichever end wrote the output: iperf3's
     * {@code host_total} is the writer's, {@code remote_total} the other end's. Null when not known.
     */
    public Double senderCpuPercent() {
        return writerSends() ? hostCpuPercent : remoteCpuPercent;
    }

    /** The CPU of the host that received the run's (forward) data; null when not known. */
    public Double receiverCpuPercent() {
        return writerSends() ? remoteCpuPercent : hostCpuPercent;
    }

    /**
     * A UDP run's (forward) sent rate as a share of its whole target, in percent: UDP's "% of target" wherever it is
     * shown, since a sender that put out 1.15 of 5 Gbit/s decided the run, whatever arrived. Null for TCP, and when
     * the target or the sent rate is not known.
     */
    public Double percentOfTarget() {
        return "UDP".equals(protocol) ? percentOfTarget(sentBitsPerSecond, wholeTarget(targetBitsPerSecond, streams))
                : null;
    }

    /**
     * What all the streams together aim for: iperf3's {@code -b} applies to each stream, so {@code -P 2 -b 50M} aims
     * for 100 Mbit/s. Null without a target.
     */
    public static Long wholeTarget(Long targetBitsPerSecond, int streams) {
        return targetBitsPerSecond == null ? null : targetBitsPerSecond * Math.max(1, streams);
    }

    /** Sent as a share of the whole target, in percent; null when either is unknown or the target is 0. */
    public static Double percentOfTarget(Double sentBitsPerSecond, Long wholeTargetBitsPerSecond) {
        return sentBitsPerSecond == null || wholeTargetBitsPerSecond == null || wholeTargetBitsPerSecond == 0 ? null
                : sentBitsPerSecond / wholeTargetBitsPerSecond * 100;
    }

    /** The client sends an upload (and a bidir run's forward direction), the server a download. */
    private boolean writerSends() {
        return "download".equals(direction) == "server".equals(side);
    }

    /** A short scenario name as the seed article writes it, e.g. "TCP 4 streams" or "UDP 1 Gbit/s". */
    public String scenario() {
        return Scenario.shortName(protocol, streams, targetBitsPerSecond);
    }
}
