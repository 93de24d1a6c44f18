package com.burstline.server.trend;

import java.util.Arrays;
import java.util.Locale;

/**
 * How far a series' runs lie from their median, and what the series is when no change point was found: steady only
 * when every run lies within {@link Trends#MAX_STEADY_DEVIATION_PERCENT} of the median; a series spanning
 * 0.9–4.8 Gbit/s has no single change point, but it is not steady either.
 *
 * @param belowPercent how far the slowest run lies under the median, in percent of the median
 * @param abovePercent how far the fastest lies over it
 * @param steady       no change point and every run within the bound
 * @param summary      the answer in words when no change point was found; null when there are change points
 */
record Spread(double minBitsPerSecond, double maxBitsPerSecond, double medianBitsPerSecond, double belowPercent,
              double abovePercent, boolean steady, String summary) {

    /** @return null for a series without runs */
    static Spread of(double[] values, boolean changePoints, double maxDeviationPercent) {
        if (values.length == 0) {
            return null;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        double median = sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        double min = sorted[0];
        double max = sorted[sorted.length - 1];
        double below = median == 0 ? 0 : (median - min) / median * 100;
        double above = median == 0 ? 0 : (max - median) / median * 100;
        boolean within = below <= maxDeviationPercent && above <= maxDeviationPercent;
        String summary = changePoints ? null : within ? "No change point: the series is steady."
                : String.format(Locale.ROOT, "No single change point; the runs vary widely (%.2f–%s, from %.0f%% "
                        + "below to %.0f%% above their median of %s, where a steady series stays within %.0f%%): "
                        + "look at each run's findings before reading a trend into them.", min / 1e9, gbit(max),
                        below, above, gbit(median), maxDeviationPercent);
        return new Spread(min, max, median, below, above, !changePoints && within, summary);
    }

    private static String gbit(double bitsPerSecond) {
        return String.format(Locale.ROOT, "%.2f Gbit/s", bitsPerSecond / 1e9);
    }
}
