package com.burstline.server.analysis;

import com.burstline.server.catalog.FindingKind;
import com.burstline.server.catalog.Severity;
import com.burstline.server.catalog.Thresholds;
import com.burstline.server.run.FigureText;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.SeriesFigures;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * allowance-exceeded, inferred from iperf3 alone: TCP retransmitting at a real rate (at least
 * {@link Thresholds#MIN_RETRANSMITS}) while the received throughput sits flat (varying less than
 * {@link Thresholds#FLAT}) at the burst limit (at least {@link Thresholds#AT_SHAPER} of it) is a shaper dropping at
 * the ceiling: a loss-limited path would not be flat, a sender-limited one would not retransmit. Off a shaper
 * retransmits also happen (loopback: 1.5–35 per GB), which is why the rate alone is not enough. Used when the NIC's
 * own counters do not show it ({@link AllowanceCounterRule}); a note, since it is inferred.
 */
final class AllowanceRule {
    private AllowanceRule() {
    }

    static Optional<Finding> fromRetransmits(RunSummary run, SeriesFigures series) {
        Double burst = run.limits().burstLimitBitsPerSecond();
        Double perGb = run.measurement().retransmitsPerGigabyte();
        if (run.udp() || burst == null || perGb == null || perGb < Thresholds.MIN_RETRANSMITS.value()
                || series.size() < 3) {
            return Optional.empty();
        }
        double cv = series.coefficientOfVariation();
        double level = series.mean();
        if (cv >= Thresholds.fraction(Thresholds.FLAT) || level < Thresholds.fraction(Thresholds.AT_SHAPER) * burst) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("source", "retransmits");
        data.put("retransmits", run.figures().retransmits());
        data.put("retransmitsPerGB", perGb);
        data.put("levelBitsPerSecond", level);
        data.put("coefficientOfVariation", cv);
        data.put("burstLimitBitsPerSecond", burst);
        String headline = String.format(java.util.Locale.ROOT, "TCP retransmitted %,d segments (%.0f per GB) while "
                        + "throughput stayed flat at %s (%s of the burst limit, varying %s): a shaper is dropping at "
                        + "the ceiling, so this run measures the allowance, not the driver.",
                run.figures().retransmits(), perGb, FigureText.rate(level), FigureText.percent(level / burst * 100),
                FigureText.percent(cv * 100));
        return Optional.of(Finding.of(run.id(), FindingKind.ALLOWANCE_EXCEEDED, Severity.INFO, headline,
                "Check the SUT's allowance counters next (ethtool -S: bw_out_allowance_exceeded, "
                        + "bw_in_allowance_exceeded), or compare drivers below the limit.", data));
    }
}
