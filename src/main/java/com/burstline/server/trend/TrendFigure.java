package com.burstline.server.trend;

import com.burstline.contract.Scenario;
import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.FigureText;
import com.burstline.server.run.RunPoint;

/**
 * A figure a trend finds change points on, and which way it is better: a throughput scenario's received rate
 * (higher is better) and the loaded-latency probe's p99 under load beside it, or a request/response scenario's
 * transactions' p99 (lower is better: a rise is a regression). The ids are Compare's latency figures' own.
 */
enum TrendFigure {
    RECEIVED("received", "received throughput", "bit/s", false, "receivedBitsPerSecond", Trends.MIN_CHANGE_PERCENT),
    LOADED_P99("loaded-p99", "p99 under load", "ms", true, "loadedP99Ms", Trends.MIN_LATENCY_CHANGE_PERCENT),
    TRANSACTIONS_P99("transactions-p99", "transactions' p99", "ms", true, "transactionsP99Ms",
            Trends.MIN_LATENCY_CHANGE_PERCENT);

    private final String id;
    private final String label;
    private final String unit;
    private final boolean higherIsWorse;
    private final String field;
    private final double minChangePercent;

    TrendFigure(String id, String label, String unit, boolean higherIsWorse, String field, double minChangePercent) {
        this.id = id;
        this.label = label;
        this.unit = unit;
        this.higherIsWorse = higherIsWorse;
        this.field = field;
        this.minChangePercent = minChangePercent;
    }

    /** The latency figure of a scenario's series: its transactions' p99 for UDP_RR and TCP_RR, else p99 under load. */
    static TrendFigure latencyOf(Scenario scenario) {
        return scenario.requestResponse() ? TRANSACTIONS_P99 : LOADED_P99;
    }

    /** The run's value of this figure; null when the run has none (an upload has no latency, RR no throughput). */
    Double value(RunPoint run, RunLatency latency) {
        return switch (this) {
            case RECEIVED -> run.receivedBitsPerSecond();
            case LOADED_P99 -> latency == null || latency.loaded() == null ? null : latency.loaded().p99Ms();
            case TRANSACTIONS_P99 -> latency == null || latency.transactions() == null ? null
                    : latency.transactions().p99Ms();
        };
    }

    /** Steps smaller than this share of the level before them are not reported. */
    double minChangePercent() {
        return minChangePercent;
    }

    boolean higherIsWorse() {
        return higherIsWorse;
    }

    /** A level in the figure's words: "4.62 Gbit/s", "0.0451 ms". */
    String format(double value) {
        return this == RECEIVED ? FigureText.rate(value) : FigureText.ms(value);
    }

    /** The figure as the API names it. */
    TrendResult.Figure describe() {
        return new TrendResult.Figure(id, label, unit, higherIsWorse, field);
    }
}
