package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * sender-limited: the sending side, not the network, set the pace. Two ways (README, findings):
 * <ul>
 *   <li>UDP: the sender put out more than {@value #SHORTFALL_PERCENT}% less than its target, whatever the receiver
 *   lost: what did not leave the sender was never the network's to lose (issue 20). The 3.12 client asked for
 *   5 Gbit/s sent 0.79 Gbit/s; the seed article read exactly that as the emulated iperf3's limit. Packet loss is
 *   then judged on what was sent, and listed after this.</li>
 *   <li>The sender's iperf3 at ≥ {@value #ONE_CORE_PERCENT}% CPU (one core: iperf3 before 3.16 has one thread)
 *   below the cap and without loss: the loopback TCP run at 16 Gbit/s had the client at 98%; senders that kept up
 *   used 12–73%.</li>
 * </ul>
 */
public final class SenderLimitRule {
    /** How far below its target a UDP sender may fall before it, not the network, decided the run. */
    public static final double SHORTFALL_PERCENT = 5;
    static final double ONE_CORE_PERCENT = 90;

    private SenderLimitRule() {
    }

    static Optional<Finding> of(RunSummary run) {
        Double senderCpu = run.senderCpuPercent();
        Long target = run.targetBitsPerSecond();
        boolean udp = "UDP".equals(run.protocol());
        boolean lossExplains = udp && (run.lostPercent() == null
                || run.lostPercent() >= PacketLossRule.MIN_LOST_PERCENT);
        Double received = run.receivedBitsPerSecond();
        Double ofTarget = udp ? run.percentOfTarget() : null;
        boolean sentShort = ofTarget != null && ofTarget < 100 - SHORTFALL_PERCENT;
        boolean atCap = run.burstLimitBitsPerSecond() != null && received != null
                && received >= AllowanceRule.CEILING_SHARE * run.burstLimitBitsPerSecond();
        boolean cpuBound = senderCpu != null && senderCpu >= ONE_CORE_PERCENT && !atCap && !lossExplains;
        if (!sentShort && !cpuBound) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("sentBitsPerSecond", run.sentBitsPerSecond());
        data.put("receivedBitsPerSecond", run.receivedBitsPerSecond());
        data.put("targetBitsPerSecond", target);
        data.put("percentOfTarget", sentShort ? ofTarget : null);
        data.put("lostPercent", run.lostPercent());
        data.put("senderCpuPercent", senderCpu);
        return Optional.of(new Finding(run.id(), "sender-limited", Finding.WARNING,
                sentShort ? shortOfTarget(run, senderCpu) : oneCore(senderCpu), data));
    }

    private static String shortOfTarget(RunSummary run, Double senderCpu) {
        String cpu = senderCpu == null ? "" : " (the sending iperf3 used " + Figures.percent(senderCpu) + " CPU)";
        return "Limited by the sender, not the network: it sent " + Figures.rate(run.sentBitsPerSecond()) + " of the "
                + Figures.rate(RunSummary.wholeTarget(run.targetBitsPerSecond(), run.streams())) + " target, "
                + Figures.percent(run.percentOfTarget()) + " of it" + cpu
                + ". An emulated or single-threaded sender cannot reach the target: try burstline-java (the agent's "
                + "engine) or more streams (-P) before reading this as the link's limit; any loss is of what was sent.";
    }

    private static String oneCore(Double senderCpu) {
        return "Limited by the sender, not the network: the sending iperf3 used " + Figures.percent(senderCpu)
                + " CPU, about one core's worth. Check the sending host next: more streams (-P), iperf3 3.16+ (one "
                + "thread per stream), burstline-java (the agent's engine) or a native (not emulated) build before reading this as the "
                + "link's limit.";
    }
}
