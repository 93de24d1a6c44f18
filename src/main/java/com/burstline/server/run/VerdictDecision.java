package com.burstline.server.run;

import com.burstline.iperf.Measured;
import com.burstline.server.catalog.Thresholds;
import com.burstline.server.catalog.VerdictStep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The one ordered decision of what decided a measured figure; the first step that holds is the verdict, each with
 * its thresholds from the findings catalog ({@link VerdictStep}):
 * <ol>
 *   <li>beyond the limit: more than {@link Thresholds#BEYOND_LIMIT} of the limit that applied arrived, and ENA's
 *   shaping counters (where counted) did not grow;</li>
 *   <li>the cap: ENA's shaping counters on the SUT grew during the run, or at least {@link Thresholds#AT_CAP} of the
 *   limit that applied arrived (the burst limit, or the baseline once the burst credits ran out, {@link Credits}; a
 *   run at the baseline throughout is not known to be the driver's, its credits may have been spent before it);</li>
 *   <li>the sender: a UDP sender sent under {@link Thresholds#SENT_OF_TARGET} of its target, or a TCP one (or a UDP
 *   one without a known target) reached {@link Thresholds#ONE_CORE} of CPU;</li>
 *   <li>the receiver: its host's drop counters grew while datagrams were lost, or its CPU reached one core;</li>
 *   <li>the path: UDP lost at least {@link Thresholds#MIN_LOST} with the receiver's socket counters flat, or TCP
 *   retransmitted at least {@link Thresholds#MIN_RETRANSMITS};</li>
 *   <li>the driver: none of these, each known not to hold.</li>
 * </ol>
 * An input a step needs that is missing keeps the figure from being called the driver's: the verdict is then
 * unknown, saying what is not known (a step further down that holds is still the verdict, with what was not known).
 */
final class VerdictDecision {
    private final Measurement measurement;
    private final Measured figures;
    private final List<String> unknown = new ArrayList<>();
    private Verdict.Evidence limit;

    private VerdictDecision(Measurement measurement) {
        this.measurement = measurement;
        this.figures = measurement.figures();
    }

    static Verdict of(Measurement measurement) {
        return new VerdictDecision(measurement).decide();
    }

    private Verdict decide() {
        if (figures.receivedBitsPerSecond() == null) {
            unknown.add("what arrived: iperf3's output does not hold the received rate");
            return verdict(VerdictStep.UNKNOWN, null);
        }
        Map<String, Long> shaped = shaped();
        limit = limitEvidence(shaped);
        if (!shaped.isEmpty()) {
            return verdict(VerdictStep.CAP, limit);
        }
        if (limit.shareOfLimit() != null && limit.shareOfLimit() > Thresholds.BEYOND_LIMIT.value()) {
            return verdict(VerdictStep.BEYOND_THE_LIMIT, limit);
        }
        if (limit.shareOfLimit() != null && limit.shareOfLimit() >= Thresholds.AT_CAP.value()) {
            return verdict(VerdictStep.CAP, limit);
        }
        Verdict.Evidence ends = endsEvidence();
        if (senderDecided()) {
            return verdict(VerdictStep.SENDER, ends);
        }
        if (receiverDecided()) {
            return verdict(VerdictStep.RECEIVER, ends);
        }
        if (pathDecided()) {
            return verdict(VerdictStep.PATH, ends);
        }
        return verdict(unknown.isEmpty() ? VerdictStep.DRIVER : VerdictStep.UNKNOWN, ends);
    }

    /** ENA's shaping counters that grew on the SUT; empty when none did or none were counted. */
    private Map<String, Long> shaped() {
        AllowanceExceeded counters = measurement.allowanceExceeded();
        return counters == null ? Map.of() : counters.exceeded();
    }

    /**
     * The limit that applied and the level measured against it, with the shaping counters that grew; its limit null
     * (and said, unless the counters show the cap) when no limit is known.
     */
    private Verdict.Evidence limitEvidence(Map<String, Long> shaped) {
        Limits limits = measurement.limits();
        Credits credits = measurement.credits();
        Double burst = limits.burstLimitBitsPerSecond();
        Double baseline = limits.baselineBitsPerSecond();
        Map<String, Long> counters = shaped.isEmpty() ? null : shaped;
        if (credits.ranOut() && baseline != null) {
            return limitEvidence("baseline", baseline, credits.afterBitsPerSecond(), credits.atSeconds(), counters);
        }
        if (burst == null || burst <= 0) {
            if (counters == null) {
                unknown.add("the instance's limit: no instance type or limit is known");
            }
            return limitEvidence(null, null, null, null, counters);
        }
        double received = figures.receivedBitsPerSecond();
        if (counters == null) {
            if (credits.state() == Credits.State.UNKNOWN) {
                unknown.add("whether the burst credits ran out: too few intervals to tell");
            } else if (atBaseline(received, burst, baseline)) {
                unknown.add("whether the burst credits were spent before the run: it sat at the "
                        + FigureText.limit(baseline) + " baseline throughout (ENA's counters would tell)");
            }
        }
        return limitEvidence("burst", burst, received, null, counters);
    }

    /**
     * Below the burst limit's cap, at the baseline's: an instance whose credits were spent before the run measures
     * its baseline, but so may a receiver that happens to keep up with as much (a UDP receiver at 518 Mbit/s, next
     * to a t4g.large's 512), so this keeps the figure from the driver without calling it the cap.
     */
    private static boolean atBaseline(double received, double burst, Double baseline) {
        if (baseline == null || baseline <= 0 || received >= Thresholds.fraction(Thresholds.AT_CAP) * burst) {
            return false;
        }
        double ofBaseline = received / baseline * 100;
        return ofBaseline >= Thresholds.AT_CAP.value() && ofBaseline <= Thresholds.BEYOND_LIMIT.value();
    }

    private static Verdict.Evidence limitEvidence(String name, Double limitBitsPerSecond, Double level,
                                                  Double ranOutAt, Map<String, Long> counters) {
        return new Verdict.Evidence(name, limitBitsPerSecond, level, Measurement.share(level, limitBitsPerSecond),
                ranOutAt, counters, null, null, null, null, null, null);
    }

    private Verdict.Evidence endsEvidence() {
        ReceiverDrops drops = measurement.receiverDrops();
        return new Verdict.Evidence(limit.limit(), limit.limitBitsPerSecond(), limit.levelBitsPerSecond(),
                limit.shareOfLimit(), limit.creditsRanOutAtSeconds(), null,
                measurement.sentShareOfTarget(), measurement.senderCpuPercent(), measurement.receiverCpuPercent(),
                drops == null ? null : drops.total(measurement.scenario().udp()), figures.lostPercent(),
                measurement.retransmitsPerGigabyte());
    }

    /**
     * A UDP sender short of its target (its CPU does not matter once it kept up); a TCP sender, or a UDP one with no
     * known target, at a whole core.
     */
    private boolean senderDecided() {
        Double ofTarget = measurement.sentShareOfTarget();
        if (ofTarget != null) {
            return ofTarget < Thresholds.SENT_OF_TARGET.value();
        }
        if (measurement.scenario().udp() && measurement.scenario().targetBitsPerSecond() != null) {
            unknown.add("what the sender sent: the output does not hold it");
            return false;
        }
        return busy(measurement.senderCpuPercent(), "the sending host's CPU");
    }

    /** Its host dropped datagrams that were lost, or its CPU was a whole core (UDP: while datagrams were lost). */
    private boolean receiverDecided() {
        ReceiverDrops drops = measurement.receiverDrops();
        if (measurement.scenario().udp() && !lossy()) {
            return false;
        }
        if (drops != null && drops.total(measurement.scenario().udp()) > 0) {
            return true;
        }
        return busy(measurement.receiverCpuPercent(), "the receiving host's CPU");
    }

    /** Loss the receiver's socket counters did not count, or TCP retransmitting. */
    private boolean pathDecided() {
        if (measurement.scenario().udp()) {
            if (figures.lostPercent() == null) {
                unknown.add("the datagrams lost: the output does not hold them");
                return false;
            }
            if (!lossy()) {
                return false;
            }
            if (sentOverLimit()) {
                return true; // the shaper at the limit dropped what went over it
            }
            ReceiverDrops drops = measurement.receiverDrops();
            if (drops == null || !drops.socketCounted()) {
                unknown.add("who dropped the lost datagrams: the receiving host's drop counters are not known");
                return false;
            }
            return true;
        }
        Double perGigabyte = measurement.retransmitsPerGigabyte();
        if (perGigabyte == null) {
            unknown.add("the retransmits: the output does not hold them");
            return false;
        }
        return perGigabyte >= Thresholds.MIN_RETRANSMITS.value();
    }

    private boolean sentOverLimit() {
        Double sent = figures.sentBitsPerSecond();
        return limit.limitBitsPerSecond() != null && sent != null && sent > limit.limitBitsPerSecond();
    }

    private boolean lossy() {
        return figures.lostPercent() != null && figures.lostPercent() >= Thresholds.MIN_LOST.value();
    }

    private boolean busy(Double cpuPercent, String what) {
        if (cpuPercent == null) {
            unknown.add(what + ": the output does not hold it");
            return false;
        }
        return cpuPercent >= Thresholds.ONE_CORE.value();
    }

    private Verdict verdict(VerdictStep step, Verdict.Evidence evidence) {
        return new Verdict(step, evidence, unknown);
    }
}
