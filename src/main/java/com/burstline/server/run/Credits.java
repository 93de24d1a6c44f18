package com.burstline.server.run;

import com.burstline.server.catalog.Thresholds;
import com.fasterxml.jackson.annotation.JsonIgnore;

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

    /** @param burstLimitBitsPerSecond the run's burst limit; null when not known (then any level counts as high) */
    static Credits of(Series series, Double burstLimitBitsPerSecond) {
        int minAfter = (int) Thresholds.BURST_AFTER.value();
        if (series.size() < 2 * minAfter) {
            return UNKNOWN;
        }
        double[] values = series.bitsPerSecond();
        List<ChangePoints.Segment> segments = ChangePoints.segments(values);
        for (int i = 0; i + 1 < segments.size(); i++) {
            ChangePoints.Segment before = segments.get(i);
            int cut = segments.get(i + 1).from();
            double after = mean(values, cut);
            boolean high = burstLimitBitsPerSecond == null
                    || before.mean() >= Thresholds.fraction(Thresholds.BURST_HIGH) * burstLimitBitsPerSecond;
            boolean stepDown = high && after <= Thresholds.fraction(Thresholds.BURST_DROP) * before.mean();
            double midpoint = (before.mean() + after) / 2;
            boolean staysDown = segments.subList(i + 1, segments.size()).stream()
                    .allMatch(segment -> segment.mean() < midpoint);
            if (stepDown && staysDown && values.length - cut >= minAfter) {
                return new Credits(State.RAN_OUT, series.starts()[cut], before.mean(), after, before.length(),
                        values.length - cut);
            }
        }
        return HELD;
    }

    private static double mean(double[] values, int from) {
        double sum = 0;
        for (int i = from; i < values.length; i++) {
            sum += values[i];
        }
        return sum / (values.length - from);
    }
}
