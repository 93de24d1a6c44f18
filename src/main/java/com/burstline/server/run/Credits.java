package com.burstline.server.run;

import com.burstline.server.catalog.Thresholds;
import com.fasterxml.jackson.annotation.JsonIgnore;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a run's burst credits ran out during it, from its received per-interval sums ({@link Series}): a step down
 * from a high level (at least {@link Thresholds#BURST_HIGH} of the burst limit, when one is known) to at most
 * {@link Thresholds#BURST_DROP} of it that no later segment climbs back from, found by {@link ChangePoints} rather
 * than one low interval. After such a step the baseline is the limit that applied. {@code state} is {@code held},
 * {@code ran-out} (with when and the levels) or {@code unknown} (too few intervals to tell). The field names are part
 * of the API.
 */
public record Credits(State state, Double atSeconds, Double beforeBitsPerSecond, Double afterBitsPerSecond,
                      Integer intervalsBefore, Integer intervalsAfter) {
    public static final Credits UNKNOWN = new Credits(State.UNKNOWN, null, null, null, null, null);
    static final Credits HELD = new Credits(State.HELD, null, null, null, null, null);

    public enum State {
        HELD, RAN_OUT, UNKNOWN;

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    @JsonIgnore
    public boolean ranOut() {
        return state == State.RAN_OUT;
    }

    /** @param limits the run's; each unknown limit lets any level count (as high before, as the baseline after) */
    static Credits of(Series series, Limits limits) {
        return of(SeriesFigures.of(series), limits);
    }

    /**
     * The first of the series' step-downs from a high level to the baseline: the labels decide only which of the kept
     * cuts counts, so a long run's credits come from its kept figures without reading its intervals. A step that ends
     * above the baseline ({@link Thresholds#BEYOND_LIMIT} of it) is not the credits running out (another flow, a
     * stalled receiver): the baseline would not let that level through.
     */
    static Credits of(SeriesFigures figures, Limits limits) {
        if (figures.size() < 2 * minAfter()) {
            return UNKNOWN;
        }
        Double burst = limits.burstLimitBitsPerSecond();
        Double baseline = limits.baselineBitsPerSecond();
        return figures.stepDowns().stream()
                .filter(step -> burst == null || step.beforeBitsPerSecond()
                        >= Thresholds.fraction(Thresholds.BURST_HIGH) * burst)
                .filter(step -> baseline == null || step.afterBitsPerSecond()
                        <= Thresholds.fraction(Thresholds.BEYOND_LIMIT) * baseline)
                .findFirst()
                .map(step -> new Credits(State.RAN_OUT, step.atSeconds(), step.beforeBitsPerSecond(),
                        step.afterBitsPerSecond(), step.intervalsBefore(), step.intervalsAfter()))
                .orElse(HELD);
    }

    /**
     * Every cut where the throughput steps down to at most {@link Thresholds#BURST_DROP} of the segment before it,
     * and no later segment climbs back above the midpoint, with {@link Thresholds#BURST_AFTER} intervals or more
     * after it. Each has a lower level before it than the one before (below the earlier one's midpoint), so there are
     * few of them however long the run.
     * <p>
     * Linear in the intervals and the segments: the mean after each cut comes from sums taken once from the end, and
     * "no later segment climbs back" from the highest later segment mean, so a long noisy run with thousands of
     * segments (an hour at 0.1 s has 36,000 intervals) costs no more than reading it.
     */
    static List<SeriesFigures.StepDown> stepDowns(Series series) {
        if (series.size() < 2 * minAfter()) {
            return List.of();
        }
        double[] values = series.bitsPerSecond();
        List<ChangePoints.Segment> segments = ChangePoints.segments(values);
        double[] sumFrom = new double[values.length + 1];
        for (int i = values.length - 1; i >= 0; i--) {
            sumFrom[i] = sumFrom[i + 1] + values[i];
        }
        double[] highestFrom = new double[segments.size() + 1];
        highestFrom[segments.size()] = Double.NEGATIVE_INFINITY;
        for (int i = segments.size() - 1; i >= 0; i--) {
            highestFrom[i] = Math.max(highestFrom[i + 1], segments.get(i).mean());
        }
        double drop = Thresholds.fraction(Thresholds.BURST_DROP);
        List<SeriesFigures.StepDown> steps = new ArrayList<>();
        for (int i = 0; i + 1 < segments.size(); i++) {
            ChangePoints.Segment before = segments.get(i);
            int cut = segments.get(i + 1).from();
            double after = sumFrom[cut] / (values.length - cut);
            if (after <= drop * before.mean() && highestFrom[i + 1] < (before.mean() + after) / 2
                    && values.length - cut >= minAfter()) {
                steps.add(new SeriesFigures.StepDown(series.starts()[cut], before.mean(), before.length(), after,
                        values.length - cut));
            }
        }
        return steps;
    }

    private static int minAfter() {
        return (int) Thresholds.BURST_AFTER.value();
    }
}
