package com.burstline.server.analysis;

import java.util.Locale;

/** How findings and reports write figures: rates with two decimals in the largest fitting unit, percents with one. */
public final class Figures {
    private Figures() {
    }

    public static String rate(double bitsPerSecond) {
        if (bitsPerSecond >= 1e9) {
            return String.format(Locale.ROOT, "%.2f Gbit/s", bitsPerSecond / 1e9);
        }
        if (bitsPerSecond >= 1e6) {
            return String.format(Locale.ROOT, "%.2f Mbit/s", bitsPerSecond / 1e6);
        }
        return String.format(Locale.ROOT, "%.2f kbit/s", bitsPerSecond / 1e3);
    }

    /** A rate the output may not hold (see {@code RunSummary}): "unknown" then, never 0. */
    public static String rate(Double bitsPerSecond) {
        return bitsPerSecond == null ? "unknown" : rate(bitsPerSecond.doubleValue());
    }

    public static String percent(double percent) {
        return String.format(Locale.ROOT, "%.1f%%", percent);
    }
}
