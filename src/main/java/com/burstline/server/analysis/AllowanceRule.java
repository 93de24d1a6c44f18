package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * allowance-exceeded, inferred from iperf3 alone: TCP retransmitting at a real rate while the received throughput
 * sits flat at the burst limit is a shaper dropping at the ceiling (a loss-limited path would not be flat; a
 * sender-limited one would not retransmit). Used when the NIC's own counters do not show it
 * ({@link AllowanceCounterRule}). Thresholds (README, findings), from runs over the lab's 5 Gbit/s tbf shaper:
 * <ul>
 *   <li>at the ceiling: received mean ≥ {@value #AT_SHAPER_SHARE} of the burst limit. TCP runs at the shaper
 *   averaged 85–96% of it; the lowest are the single-stream 3.18 runs (85%, 87%), whose window backs off at every
 *   drop.</li>
 *   <li>flat: per-interval coefficient of variation under {@value #FLAT_CV}. Runs at the shaper varied by 0.1–5.2%
 *   (5.2%: the receiver's view of a run paced to 4.95 Gbit/s on a busy machine); the burst step varied by 85%,
 *   unshaped loopback runs by 7.9–21%.</li>
 *   <li>a rate, not a count: ≥ {@value #MIN_RETRANSMITS_PER_GB} retransmits per GB received (about 1 segment in
 *   70,000). Runs at the shaper retransmitted 15.7–822 per GB (3.12 single stream: 90 in 2.98 GB; 3.18: 2,203 in
 *   2.73 GB); a run that stepped from 4.78 to 0.48 Gbit/s had 4 (1.0 per GB), one at 1 Gbit/s 3 (4.8 per GB).
 *   Off a shaper retransmits also happen (loopback: 1.5–35 per GB), which is why the rate alone is not enough.</li>
 * </ul>
 */
final class AllowanceRule {
    static final double FLAT_CV = 0.06;
    static final double AT_SHAPER_SHARE = 0.8;
    static final double MIN_RETRANSMITS_PER_GB = 10;
    /** Where a run measures the cap rather than the driver (sender-limited and the compare verdict use it too). */
    static final double CEILING_SHARE = 0.9;

    private AllowanceRule() {
    }

    static Optional<Finding> fromRetransmits(RunSummary run, SeriesFigures series) {
        Double burst = run.burstLimitBitsPerSecond();
        Double perGb = retransmitsPerGigabyte(run);
        if (!"TCP".equals(run.protocol()) || burst == null || perGb == null || perGb < MIN_RETRANSMITS_PER_GB
                || series.size() < 3) {
            return Optional.empty();
        }
        double cv = series.coefficientOfVariation();
        double level = series.mean();
        if (cv >= FLAT_CV || level < AT_SHAPER_SHARE * burst) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("source", "retransmits");
        data.put("retransmits", run.retransmits());
        data.put("retransmitsPerGB", perGb);
        data.put("levelBitsPerSecond", level);
        data.put("coefficientOfVariation", cv);
        data.put("burstLimitBitsPerSecond", burst);
        String message = String.format(java.util.Locale.ROOT, "TCP retransmitted %,d segments (%.0f per GB) while "
                        + "throughput stayed flat at %s (%s of the burst limit, varying %s): a shaper is dropping at "
                        + "the ceiling, so this run measures the allowance, not the driver. Check the SUT's "
                        + "allowance counters next (ethtool -S: bw_out_allowance_exceeded, bw_in_allowance_exceeded), "
                        + "or compare drivers below the limit.", run.retransmits(), perGb, Figures.rate(level),
                Figures.percent(level / burst * 100), Figures.percent(cv * 100));
        return Optional.of(new Finding(run.id(), "allowance-exceeded", Finding.INFO, message, data));
    }

    /** Retransmitted segments per GB received; null when iperf3 did not count them or nothing arrived. */
    static Double retransmitsPerGigabyte(RunSummary run) {
        if (run.retransmits() == null || run.receivedBitsPerSecond() == null) {
            return null;
        }
        double gigabytes = run.receivedBitsPerSecond() * run.durationSeconds() / 8 / 1e9;
        return gigabytes == 0 ? null : run.retransmits() / gigabytes;
    }
}
