package com.burstline.server.latency;

import com.burstline.contract.LatencySummary;
import com.burstline.server.run.FigureText;

import java.util.Locale;

/**
 * A run's latency in words ({@link FigureText}), made once here so that the run page, the job page and the report
 * write the same figures the same way and no page derives them. "unknown" where a figure is not known.
 *
 * @param loadedP99       the probe's p99 under load with its ratio to idle: "65.2 ms (×226)"; null without the probe
 * @param loadedTitle     the idle and loaded p99 behind it: "p99 round trip idle 0.288 ms, under load 65.2 ms"
 * @param p50Ratio        loaded ÷ idle of the medians: "×1.31"
 * @param p99Ratio        loaded ÷ idle of the p99s
 * @param transactionsPerSecond a request/response run's rate: "18,321"
 * @param cpu             both ends' CPU of a request/response run: "client 12.0% / server 9.5%"
 * @param about           what the figures are, in a sentence for the run page's latency panel
 */
public record LatencyText(String loadedP99, String loadedTitle, String p50Ratio, String p99Ratio,
                          String transactionsPerSecond, String cpu, String about) {

    static LatencyText of(RunLatency latency) {
        if (latency.kind() == null) {
            return new LatencyText("not measured", null, null, null, null, null, null);
        }
        boolean loaded = latency.loaded() != null && latency.loaded().p99Ms() != null;
        return new LatencyText(
                loaded ? FigureText.ms(latency.loaded().p99Ms()) + (latency.loadedToIdleP99Ratio() == null ? ""
                        : " (" + FigureText.times(latency.loadedToIdleP99Ratio()) + ")") : null,
                loaded ? "p99 round trip idle " + FigureText.ms(latency.idle() == null ? null : latency.idle().p99Ms())
                        + ", under load " + FigureText.ms(latency.loaded().p99Ms()) : null,
                FigureText.times(latency.loadedToIdleP50Ratio()), FigureText.times(latency.loadedToIdleP99Ratio()),
                latency.transactionsPerSecond() == null ? FigureText.UNKNOWN
                        : String.format(Locale.ROOT, "%,d", Math.round(latency.transactionsPerSecond())),
                "client " + FigureText.percent(latency.clientCpuPercent()) + " / server "
                        + FigureText.percent(latency.serverCpuPercent()),
                about(latency));
    }

    /** One set of round trips in words. {@code lost} as "0" or "12 (0.40%)". */
    public record Figures(String min, String p50, String p90, String p99, String p999, String max, String mean,
                          String lost) {
        static Figures of(RunLatency.Figures figures) {
            return new Figures(FigureText.ms(figures.minMs()), FigureText.ms(figures.p50Ms()),
                    FigureText.ms(figures.p90Ms()), FigureText.ms(figures.p99Ms()), FigureText.ms(figures.p999Ms()),
                    FigureText.ms(figures.maxMs()), FigureText.ms(figures.meanMs()), figures.lost() == 0 ? "0"
                            : String.format(Locale.ROOT, "%,d (%s)", figures.lost(),
                            FigureText.loss(figures.lostPercent())));
        }
    }

    private static String about(RunLatency latency) {
        String source = "live-samples".equals(latency.source()) ? " The scenario's result never came: these figures "
                + "are the samples that arrived while it ran." : "";
        if (LatencySummary.REQUEST_RESPONSE.equals(latency.kind())) {
            return latency.protocol() + ": " + latency.flows() + " flow(s) of " + latency.messageBytes()
                    + " B transactions, one outstanding each; " + perSecond(latency.transactionsPerSecond())
                    + " transactions/s over " + seconds(latency.measuredSeconds()) + "; CPU client "
                    + FigureText.percent(latency.clientCpuPercent()) + " / server "
                    + FigureText.percent(latency.serverCpuPercent()) + "." + source;
        }
        return "Round trips of the loaded-latency probe: " + perSecond(latency.ratePerSecond()) + " UDP requests/s of "
                + latency.messageBytes() + " B on a flow of their own ("
                + FigureText.rate(latency.probeBytesPerSecond() == null ? null : latency.probeBytesPerSecond() * 8)
                + " each way), " + seconds(latency.idleSeconds()) + " idle before the bulk traffic (negative seconds "
                + "on the chart) and throughout it; a request unanswered after " + FigureText.ms(latency.timeoutMs())
                + " counts as lost. The one-way rises are each direction's delay above its lowest in the idle "
                + "window." + source;
    }

    private static String perSecond(Double value) {
        return value == null ? FigureText.UNKNOWN : new java.math.BigDecimal(String.format(Locale.ROOT, "%.1f", value))
                .stripTrailingZeros().toPlainString();
    }

    private static String seconds(Double value) {
        return value == null ? FigureText.UNKNOWN : new java.math.BigDecimal(String.format(Locale.ROOT, "%.2f", value))
                .stripTrailingZeros().toPlainString() + " s";
    }
}
