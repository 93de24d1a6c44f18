package com.burstline.server.analysis;

import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Iperf3Result;
import com.burstline.iperf.Samples;
import com.burstline.server.run.ClosingIntervals;
import com.burstline.server.run.IntervalRow;
import com.burstline.server.run.IntervalSides;
import com.burstline.server.run.RunSummary;

import java.util.List;

/**
 * A real iperf3 output from {@code src/test/resources/iperf3} read the way the import reads it: the parser's
 * figures as a {@link RunSummary} (with the metadata an uploader gives) and its sum rows as stored, through
 * {@link IntervalSides#received} as the findings see them.
 */
public record RealRun(RunSummary summary, List<IntervalRow> sums) {
    private static final Iperf3OutputParser PARSER = new Iperf3OutputParser();
    static final double T4G_LARGE_BURST = 5e9;
    static final double T4G_LARGE_BASELINE = 0.512e9;

    /** As uploaded for a t4g.large pair arm-a → arm-b with the ENA driver. */
    public static RealRun of(String sample, long id) {
        return of(sample, id, T4G_LARGE_BURST, T4G_LARGE_BASELINE);
    }

    public static RealRun of(String sample, long id, Double burst, Double baseline) {
        Iperf3Result r = PARSER.parse(Samples.bytes(sample));
        RunSummary summary = new RunSummary(id, "arm-a", "arm-b", burst == null ? null : "t4g.large",
                "ENA 2.11.0", List.of(), "iperf3", r.toolVersion(), r.format().name(), r.startedAt(), null,
                r.protocol().name(), r.direction().apiName(), r.streams(), r.durationSeconds(), r.omitSeconds(),
                r.targetBitsPerSecond(), r.sentBitsPerSecond(), r.receivedBitsPerSecond(), r.retransmits(),
                r.jitterMs(), r.lostPercent(), r.hostCpuPercent(), r.remoteCpuPercent(), burst, baseline,
                burst == null || r.receivedBitsPerSecond() == null ? null : r.receivedBitsPerSecond() / burst * 100,
                r.reverseSentBitsPerSecond(), r.reverseReceivedBitsPerSecond(), r.intervals().size());
        List<IntervalRow> rows = r.intervals().stream().filter(IntervalSample::isSum).map(RealRun::row).toList();
        return new RealRun(summary, IntervalSides.received(ClosingIntervals.mark(rows)));
    }

    Series series() {
        return Series.of(summary, sums);
    }

    /** What the rules read of {@link #series}. */
    SeriesFigures figures() {
        return SeriesFigures.of(series());
    }

    private static IntervalRow row(IntervalSample s) {
        return new IntervalRow(s.index(), s.start(), s.end(), s.stream(), s.direction().apiName(),
                s.side().apiName(), s.bytes(), s.bitsPerSecond(), s.retransmits(), s.rttMicros(), s.cwndBytes(),
                s.jitterMs(), s.lostPackets(), s.packets(), s.omitted(), false);
    }
}
