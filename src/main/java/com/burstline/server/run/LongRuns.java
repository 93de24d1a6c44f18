package com.burstline.server.run;

/**
 * Runs with more interval rows than a chart draws of a series: their pages, summaries and findings read what was kept
 * of them at import, not every row (the chart and sum packs, {@link IntervalPacks}; their series figures,
 * {@link KeptSeriesFigures}).
 */
final class LongRuns {
    static final int MORE_ROWS_THAN = 2000;

    private LongRuns() {
    }

    static boolean isLong(int intervalRows) {
        return intervalRows > MORE_ROWS_THAN;
    }
}
