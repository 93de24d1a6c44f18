package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * sender-limited: the sending side, not the network, set the pace. Either a UDP run fell far short of its target
 * while the receiver lost (almost) nothing — or the sender did not even send at the target — or the sender's iperf3
 * used close to one core (iperf3 before 3.16 is single-threaded; the seed's UDP under x64 emulation).
 */
final class SenderLimitRule {
    static final double SHORTFALL = 0.8;
    static final double NO_LOSS_PERCENT = 1.0;
    static final double ONE_CORE_PERCENT = 90;

    private SenderLimitRule() {
    }

    static Optional<Finding> of(RunSummary run) {
        Double senderCpu = "download".equals(run.direction()) ? run.remoteCpuPercent() : run.hostCpuPercent();
        Long target = run.targetBitsPerSecond();
        boolean udp = "UDP".equals(run.protocol()) && target != null && target > 0;
        boolean sentShort = udp && run.sentBitsPerSecond() < SHORTFALL * target;
        boolean receivedShortWithoutLoss = udp && run.receivedBitsPerSecond() < SHORTFALL * target
                && run.lostPercent() != null && run.lostPercent() < NO_LOSS_PERCENT;
        boolean cpuBound = senderCpu != null && senderCpu >= ONE_CORE_PERCENT;
        if (!sentShort && !receivedShortWithoutLoss && !cpuBound) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("sentBitsPerSecond", run.sentBitsPerSecond());
        data.put("receivedBitsPerSecond", run.receivedBitsPerSecond());
        data.put("targetBitsPerSecond", target);
        data.put("lostPercent", run.lostPercent());
        data.put("senderCpuPercent", senderCpu);
        return Optional.of(new Finding(run.id(), "sender-limited", Finding.WARNING, message(run, senderCpu,
                sentShort, cpuBound), data));
    }

    private static String message(RunSummary run, Double senderCpu, boolean sentShort, boolean cpuBound) {
        String why;
        if (sentShort) {
            why = "the sender put out only " + Figures.rate(run.sentBitsPerSecond()) + " of the "
                    + Figures.rate(run.targetBitsPerSecond()) + " target";
        } else if (cpuBound) {
            why = "the sending iperf3 used " + Figures.percent(senderCpu) + " CPU, about one core's worth";
        } else {
            why = "the receiver got " + Figures.rate(run.receivedBitsPerSecond()) + " of the "
                    + Figures.rate(run.targetBitsPerSecond()) + " target and lost only "
                    + Figures.percent(run.lostPercent());
        }
        return "Limited by the sending tool/CPU, not the network: " + why + ". Use more streams (-P), a native "
                + "(not emulated) iperf3 build or a faster sender before reading this as the link's limit.";
    }
}
