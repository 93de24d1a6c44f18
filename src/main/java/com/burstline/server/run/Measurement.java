package com.burstline.server.run;

import com.burstline.contract.Scenario;
import com.burstline.iperf.Measured;
import com.burstline.iperf.OutputSide;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * One measurement, composed of parts that each exist once: the scenario it ran (the contract's), which end wrote its
 * output, the figures it measured, the limits it is judged against, whether its burst credits ran out (from its
 * intervals), what its receiving host dropped and how ENA's shaping counters on the SUT grew (each null when not
 * counted). Every figure derived from them is a method
 * here, written once, and the API shows each under its own name (flat, beside the parts' fields): the whole target,
 * the sent and the received share of it, the share of the burst limit and of the baseline, each end's CPU, the
 * retransmits per GB; and the verdict. Shares are in percent; each is null when a figure it needs is unknown, never 0.
 */
public record Measurement(@JsonUnwrapped Scenario scenario, OutputSide side, @JsonUnwrapped Measured figures,
                          @JsonUnwrapped Limits limits, Credits credits, ReceiverDrops receiverDrops,
                          AllowanceExceeded allowanceExceeded) {

    /** What all the streams together aim for ({@code -b} × streams); null without a target. */
    @JsonProperty
    public Long wholeTargetBitsPerSecond() {
        return scenario.wholeTargetBitsPerSecond();
    }

    /**
     * What a UDP sender sent, in percent of the whole target: what a UDP run is judged by, since a sender short of
     * it decided the run whatever arrived. Null for TCP, which is judged against the burst limit (a TCP sender paced
     * by -b adapts to the path, so its shortfall is not the sender's).
     */
    @JsonProperty
    public Double sentShareOfTarget() {
        return scenario.udp() ? share(figures.sentBitsPerSecond(), wholeTargetBitsPerSecond()) : null;
    }

    /** What arrived, in percent of the whole target (a TCP run's -b paces its streams too); null without one. */
    @JsonProperty
    public Double receivedShareOfTarget() {
        return share(figures.receivedBitsPerSecond(), wholeTargetBitsPerSecond());
    }

    /** What arrived, in percent of the burst limit. */
    @JsonProperty
    public Double shareOfBurstLimit() {
        return share(figures.receivedBitsPerSecond(), limits.burstLimitBitsPerSecond());
    }

    /** What arrived, in percent of the baseline. */
    @JsonProperty
    public Double shareOfBaseline() {
        return share(figures.receivedBitsPerSecond(), limits.baselineBitsPerSecond());
    }

    /**
     * The CPU of the host that sent the run's (forward) data, whichever end wrote the output: iperf3's
     * {@code host_total} is the writer's, {@code remote_total} the other end's.
     */
    @JsonProperty
    public Double senderCpuPercent() {
        return writerSends() ? figures.hostCpuPercent() : figures.remoteCpuPercent();
    }

    /** The CPU of the host that received the run's (forward) data. */
    @JsonProperty
    public Double receiverCpuPercent() {
        return writerSends() ? figures.remoteCpuPercent() : figures.hostCpuPercent();
    }

    /** Retransmitted segments per GB received; null when iperf3 did not count them or nothing arrived. */
    @JsonProperty
    public Double retransmitsPerGigabyte() {
        if (figures.retransmits() == null || figures.receivedBitsPerSecond() == null) {
            return null;
        }
        double gigabytes = figures.receivedBitsPerSecond() * scenario.durationSeconds() / 8 / 1e9;
        return gigabytes == 0 ? null : figures.retransmits() / gigabytes;
    }

    /** What decided the received figure ({@link VerdictDecision}). */
    @JsonIgnore
    public Verdict verdict() {
        return VerdictDecision.of(this);
    }

    /** The client sends an upload (and a bidir run's forward direction), the server a download. */
    private boolean writerSends() {
        return scenario.direction().clientSends() == (side == OutputSide.CLIENT);
    }

    /** {@code part} in percent of {@code whole}; null when either is unknown or the whole is 0. */
    public static Double share(Double part, Number whole) {
        return part == null || whole == null || whole.doubleValue() == 0 ? null : part / whole.doubleValue() * 100;
    }
}
