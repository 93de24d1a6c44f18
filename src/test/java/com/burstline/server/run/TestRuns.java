package com.burstline.server.run;

import com.burstline.contract.Direction;
import com.burstline.contract.Scenario;
import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Iperf3Result;
import com.burstline.iperf.Measured;
import com.burstline.iperf.OutputSide;
import com.burstline.iperf.Samples;

import java.time.Instant;
import java.util.List;

/**
 * Runs for tests, built from real iperf3 output ({@code src/test/resources/iperf3}, see its README) the way an import
 * builds them, then changed by name where a test needs a case the lab could not make: never by a positional
 * constructor, so a new field of the model changes no test.
 */
public final class TestRuns {
    private static final Iperf3OutputParser PARSER = new Iperf3OutputParser();

    private TestRuns() {
    }

    /** The sample as uploaded without labels, limits or job. */
    public static Builder of(String sample) {
        return new Builder(PARSER.parse(Samples.bytes(sample)));
    }

    /** The sample's per-interval sum rows as the store keeps them, the closing sliver marked. */
    public static List<IntervalRow> sums(String sample) {
        return sums(PARSER.parse(Samples.bytes(sample)));
    }

    private static List<IntervalRow> sums(Iperf3Result result) {
        return ClosingIntervals.mark(result.intervals().stream().filter(IntervalSample::isSum)
                .map(row -> new IntervalRow(row, false)).toList());
    }

    /** A run built before, to change. */
    public static Builder from(RunSummary run) {
        return new Builder(run);
    }

    /** A run being built; every setter returns it. */
    public static final class Builder {
        private long id = 1;
        private Labels labels = new Labels(null, null, null, null, List.of());
        private Scenario scenario;
        private OutputSide side;
        private Measured figures;
        private Limits limits = Limits.NONE;
        private String toolVersion;
        private String peerTool;
        private String peerToolVersion;
        private String outputFormat;
        private Instant startedAt;
        private Instant uploadedAt;
        private int intervalCount;
        private Long jobId;
        private String status = RunStatus.COMPLETE.apiName();
        private String error;
        /** The run's per-interval sums: what says, once its limits are known, whether its credits ran out. */
        private List<IntervalRow> sums;
        private Credits credits;
        private ReceiverDrops receiverDrops;
        private AllowanceExceeded allowanceExceeded;

        private Builder(Iperf3Result result) {
            this(imported(result));
            sums = TestRuns.sums(result);
        }

        private static RunSummary imported(Iperf3Result result) {
            Run run = new Run(result, RunMetadata.none(), Limits.NONE, RunProvenance.none(), "", null);
            run.assignId(1);
            return run.toSummary(null);
        }

        private Builder(RunSummary imported) {
            id = imported.id();
            labels = imported.labels();
            limits = imported.limits();
            uploadedAt = imported.uploadedAt();
            jobId = imported.jobId();
            status = imported.status();
            error = imported.error();
            credits = imported.measurement().credits();
            receiverDrops = imported.measurement().receiverDrops();
            allowanceExceeded = imported.measurement().allowanceExceeded();
            scenario = imported.scenario();
            side = imported.measurement().side();
            figures = imported.figures();
            toolVersion = imported.toolVersion();
            peerTool = imported.peerTool();
            peerToolVersion = imported.peerToolVersion();
            outputFormat = imported.outputFormat();
            startedAt = imported.startedAt();
            intervalCount = imported.intervalCount();
        }

        public Builder id(long value) {
            id = value;
            return this;
        }

        public Builder labels(String sut, String peer, String instanceType, String driver, List<String> tags) {
            labels = new Labels(sut, peer, instanceType, driver, tags);
            return this;
        }

        public Builder limits(Double burstBitsPerSecond, Double baselineBitsPerSecond) {
            limits = new Limits(burstBitsPerSecond, baselineBitsPerSecond);
            return this;
        }

        /** The same run as if the other end had sent it; the figures (CPU included) stay the writer's. */
        public Builder direction(Direction value) {
            return scenario(value, scenario.streams(), scenario.durationSeconds(), scenario.omitSeconds());
        }

        public Builder scenario(Direction direction, int streams, int durationSeconds, int omitSeconds) {
            scenario = scenario.toBuilder().direction(direction).streams(streams).durationSeconds(durationSeconds)
                    .omitSeconds(omitSeconds).build();
            return this;
        }

        public Builder target(Long bitsPerSecond) {
            scenario = scenario.withTarget(bitsPerSecond);
            return this;
        }

        public Builder tool(String tool, String version) {
            scenario = scenario.withTool(tool);
            toolVersion = version;
            return this;
        }

        public Builder peerTool(String tool, String version) {
            peerTool = tool;
            peerToolVersion = version;
            return this;
        }

        public Builder side(OutputSide value) {
            side = value;
            return this;
        }

        public Builder rates(Double sentBitsPerSecond, Double receivedBitsPerSecond) {
            figures = new Measured(sentBitsPerSecond, receivedBitsPerSecond, figures.retransmits(), figures.jitterMs(),
                    figures.lostPercent(), figures.hostCpuPercent(), figures.remoteCpuPercent(),
                    figures.reverseSentBitsPerSecond(), figures.reverseReceivedBitsPerSecond());
            return this;
        }

        public Builder retransmits(Long count) {
            figures = new Measured(figures.sentBitsPerSecond(), figures.receivedBitsPerSecond(), count,
                    figures.jitterMs(), figures.lostPercent(), figures.hostCpuPercent(), figures.remoteCpuPercent(),
                    figures.reverseSentBitsPerSecond(), figures.reverseReceivedBitsPerSecond());
            return this;
        }

        public Builder loss(Double jitterMs, Double lostPercent) {
            figures = new Measured(figures.sentBitsPerSecond(), figures.receivedBitsPerSecond(),
                    figures.retransmits(), jitterMs, lostPercent, figures.hostCpuPercent(),
                    figures.remoteCpuPercent(), figures.reverseSentBitsPerSecond(),
                    figures.reverseReceivedBitsPerSecond());
            return this;
        }

        public Builder cpu(Double hostPercent, Double remotePercent) {
            figures = new Measured(figures.sentBitsPerSecond(), figures.receivedBitsPerSecond(),
                    figures.retransmits(), figures.jitterMs(), figures.lostPercent(), hostPercent, remotePercent,
                    figures.reverseSentBitsPerSecond(), figures.reverseReceivedBitsPerSecond());
            return this;
        }

        /** The SUT agent's counters over the run ({@code {"interface", "delta": {…}}}), as a job run carries them. */
        public Builder sutCounters(String nicCounters) {
            receiverDrops = ReceiverDrops.ofSut(scenario.direction(), labels.sut(), nicCounters);
            allowanceExceeded = AllowanceExceeded.of(nicCounters);
            return this;
        }

        /** What the receiving host's counters grew by, as its agent counted them (null: not counted). */
        public Builder receiverDrops(java.util.Map<String, Long> grown) {
            receiverDrops = grown == null ? null : new ReceiverDrops(labels.peer(), ReceiverDrops.PEER, null, "agent",
                    grown.get("udp_rcvbuf_errors"), grown.get("udp_in_errors"), null, null, grown.get("rx_dropped"),
                    null, null, java.util.Map.of(), null);
            return this;
        }

        public Builder format(String value) {
            outputFormat = value;
            return this;
        }

        public Builder times(Instant started, Instant uploaded) {
            startedAt = started;
            uploadedAt = uploaded;
            return this;
        }

        public Builder intervals(int count) {
            intervalCount = count;
            return this;
        }

        public Builder job(Long value) {
            jobId = value;
            return this;
        }

        public Builder partial(String why) {
            status = RunStatus.PARTIAL.apiName();
            error = why;
            return this;
        }

        public RunSummary build() {
            Credits read = sums == null ? credits
                    : Credits.of(Series.of(scenario, IntervalSides.received(sums)), limits);
            return new RunSummary(id, labels, new Measurement(scenario, side, figures, limits, read, receiverDrops,
                    allowanceExceeded),
                    toolVersion,
                    peerTool, peerToolVersion, outputFormat, startedAt, uploadedAt, intervalCount, jobId, status,
                    error);
        }
    }
}
