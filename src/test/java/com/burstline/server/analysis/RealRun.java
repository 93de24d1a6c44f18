package com.burstline.server.analysis;

import com.burstline.server.run.IntervalRow;
import com.burstline.server.run.IntervalSides;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.Series;
import com.burstline.server.run.SeriesFigures;
import com.burstline.server.run.TestRuns;

import java.util.List;

/**
 * A real iperf3 output from {@code src/test/resources/iperf3} read the way the import reads it: the parser's
 * figures as a {@link RunSummary} (with the metadata an uploader gives) and its sum rows as stored, through
 * {@link IntervalSides#received} as the findings see them.
 */
public record RealRun(RunSummary summary, List<IntervalRow> sums) {
    static final double T4G_LARGE_BURST = 5e9;
    static final double T4G_LARGE_BASELINE = 0.512e9;

    /** As uploaded for a t4g.large pair arm-a → arm-b with the ENA driver. */
    public static RealRun of(String sample, long id) {
        return of(sample, id, T4G_LARGE_BURST, T4G_LARGE_BASELINE);
    }

    public static RealRun of(String sample, long id, Double burst, Double baseline) {
        RunSummary summary = TestRuns.of(sample).id(id).labels("arm-a", "arm-b", burst == null ? null : "t4g.large",
                "ENA 2.11.0", List.of()).limits(burst, baseline).build();
        return new RealRun(summary, IntervalSides.received(TestRuns.sums(sample)));
    }

    public Series series() {
        return Series.of(summary.scenario(), sums);
    }

    /** What the rules read of {@link #series}. */
    public SeriesFigures figures() {
        return SeriesFigures.of(series());
    }
}
