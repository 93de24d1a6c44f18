package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * sender-limited: the sending side, not the network, set the pace — only when the loss does not explain the
 * shortfall. Two ways (README, findings):
 * <ul>
 *   <li>UDP: the sender put out less than {@value #SHORTFALL} of its target while the receiver lost under
 *   {@value PacketLossRule#MIN_LOST_PERCENT}% (it took all it was sent, so the sender was the bottleneck). The 3.18
 *   client asked for 5 Gbit/s sent 1.44 Gbit/s and lost nothing: fires. The 3.12 client asked for 5 Gbit/s sent
 *   0.79 Gbit/s and lost 46%: the receiver could not take even that, so faster sending would not help — that run
 *   gets {@code packet-loss} instead. Runs that reached their target sent 86–100% of it.</li>
 *   <li>The sender's iperf3 at ≥ {@value #ONE_CORE_PERCENT}% CPU (one core: iperf3 before 3.16 has one thread)
 *   below the cap and without loss: the loopback TCP run at 16 Gbit/s had the client at 98%; the 3.12 UDP sender
 *   that reached only 78% of 2 Gbit/s was at 99%; senders that kept up used 12–73%.</li>
 * </ul>
 */
final class SenderLimitRule {
    static final double SHORTFALL = 0.8;
    static final double ONE_CORE_PERCENT = 90;

    private SenderLimitRule() {
    }

    static Optional<Finding> of(RunSummary run) {
        Double senderCpu = run.senderCpuPercent();
        Long target = run.targetBitsPerSecond();
        boolean udp = "UDP".equals(run.protocol());
        boolean lossExplains = udp && (run.lostPercent() == null
                || run.lostPercent() >= PacketLossRule.MIN_LOST_PERCENT);
        Double sent = run.sentBitsPerSecond();
        Double received = run.receivedBitsPerSecond();
        boolean sentShort = udp && target != null && target > 0 && sent != null && sent < SHORTFALL * target;
        boolean atCap = run.burstLimitBitsPerSecond() != null && received != null
                && received >= AllowanceRule.CEILING_SHARE * run.burstLimitBitsPerSecond();
        boolean cpuBound = senderCpu != null && senderCpu >= ONE_CORE_PERCENT && !atCap;
        if (lossExplains || (!sentShort && !cpuBound)) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("sentBitsPerSecond", run.sentBitsPerSecond());
        data.put("receivedBitsPerSecond", run.receivedBitsPerSecond());
        data.put("targetBitsPerSecond", target);
        data.put("lostPercent", run.lostPercent());
        data.put("senderCpuPercent", senderCpu);
        return Optional.of(new Finding(run.id(), "sender-limited", Finding.WARNING, message(run, senderCpu,
                sentShort), data));
    }

    private static String message(RunSummary run, Double senderCpu, boolean sentShort) {
        String why = sentShort
                ? "the sender put out only " + Figures.rate(run.sentBitsPerSecond()) + " of the "
                + Figures.rate(run.targetBitsPerSecond()) + " target and the receiver lost "
                + Figures.percent(run.lostPercent()) + ", so it took all it was sent"
                : "the sending iperf3 used " + Figures.percent(senderCpu) + " CPU, about one core's worth";
        String cpu = senderCpu == null ? "" : " (it used " + Figures.percent(senderCpu) + " CPU)";
        return "Limited by the sender, not the network: " + why + ". Check the sending host next" + (sentShort
                ? cpu : "") + ": more streams (-P), iperf3 3.16+ (one thread per stream), a native (not emulated) "
                + "build or a larger datagram (-l) before reading this as the link's limit.";
    }
}
