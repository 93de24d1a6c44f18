package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * allowance-exceeded, inferred from iperf3 alone: TCP retransmits while the throughput sits flat at the burst limit
 * are the shaper dropping at the ceiling (a loss-limited path would not be flat; a sender-limited one would not
 * retransmit). Used when the NIC's own counters do not show it ({@link AllowanceCounterRule}).
 */
final class AllowanceRule {
    static final double FLAT_CV = 0.05;
    static final double CEILING_SHARE = 0.9;

    private AllowanceRule() {
    }

    static Optional<Finding> fromRetransmits(RunSummary run, Series series) {
        Double burst = run.burstLimitBitsPerSecond();
        Long retransmits = run.retransmits();
        if (!"TCP".equals(run.protocol()) || burst == null || retransmits == null || retransmits == 0
                || series.size() < 3) {
            return Optional.empty();
        }
        double cv = series.coefficientOfVariation();
        double level = series.mean();
        if (cv >= FLAT_CV || level < CEILING_SHARE * burst) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("source", "retransmits");
        data.put("retransmits", retransmits);
        data.put("levelBitsPerSecond", level);
        data.put("coefficientOfVariation", cv);
        data.put("burstLimitBitsPerSecond", burst);
        String message = "TCP retransmitted " + retransmits + " segments while throughput stayed flat at "
                + Figures.rate(level) + " (" + Figures.percent(level / burst * 100) + " of the burst limit): a "
                + "shaper is dropping at the ceiling. This run measures the allowance, not the driver.";
        return Optional.of(new Finding(run.id(), "allowance-exceeded", Finding.INFO, message, data));
    }
}
