package com.burstline.server.run;

/**
 * Runs with more interval rows than a chart draws of a series: their pages and findings read what was kept of them at
 * import, not every row (the chart and sum packs, {@code IntervalPacks}; the findings' input, in the analysis).
 */
public final class LongRuns {
    public static final int MORE_ROWS_THAN = 2000;

    private LongRuns() {
    }

    public static boolean isLong(int intervalRows) {
        return intervalRows > MORE_ROWS_THAN;
    }
}
