package com.burstline.server.analysis;

import com.burstline.server.catalog.FindingKind;
import com.burstline.server.catalog.Thresholds;
import com.burstline.server.run.FigureText;
import com.burstline.server.run.Measurement;
import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * sender-limited: the sending side, not the network, set the pace (the catalog's {@link FindingKind#SENDER_LIMITED}).
 * Two ways:
 * <ul>
 *   <li>UDP: the sender put out less than {@link Thresholds#SENT_OF_TARGET} of its target, whatever the receiver
 *   lost: what did not leave the sender was never the network's to lose (issue 20). Packet loss is then judged on
 *   what was sent, and listed after this.</li>
 *   <li>The sender's iperf3 at {@link Thresholds#ONE_CORE} of CPU below the cap and without loss.</li>
 * </ul>
 */
final class SenderLimitRule {
    private SenderLimitRule() {
    }

    static Optional<Finding> of(RunSummary run) {
        Measurement m = run.measurement();
        Double senderCpu = m.senderCpuPercent();
        boolean lossExplains = run.udp() && (run.figures().lostPercent() == null
                || run.figures().lostPercent() >= Thresholds.MIN_LOST.value());
        Double ofTarget = m.sentShareOfTarget();
        boolean sentShort = ofTarget != null && ofTarget < Thresholds.SENT_OF_TARGET.value();
        boolean atCap = m.shareOfBurstLimit() != null && m.shareOfBurstLimit() >= Thresholds.AT_CAP.value();
        boolean cpuBound = senderCpu != null && senderCpu >= Thresholds.ONE_CORE.value() && !atCap && !lossExplains;
        if (!sentShort && !cpuBound) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("sentBitsPerSecond", run.figures().sentBitsPerSecond());
        data.put("receivedBitsPerSecond", run.figures().receivedBitsPerSecond());
        data.put("targetBitsPerSecond", run.scenario().targetBitsPerSecond());
        data.put("sentShareOfTarget", sentShort ? ofTarget : null);
        data.put("lostPercent", run.figures().lostPercent());
        data.put("senderCpuPercent", senderCpu);
        return Optional.of(sentShort ? shortOfTarget(run, senderCpu, data) : oneCore(run, senderCpu, data));
    }

    private static Finding shortOfTarget(RunSummary run, Double senderCpu, Map<String, Object> data) {
        String cpu = senderCpu == null ? "" : " (the sending iperf3 used " + FigureText.percent(senderCpu) + " CPU)";
        return Finding.of(run.id(), FindingKind.SENDER_LIMITED, "Limited by the sender, not the network: it sent "
                        + FigureText.rate(run.figures().sentBitsPerSecond()) + " of the "
                        + FigureText.rate(run.scenario().wholeTargetBitsPerSecond()) + " target, "
                        + FigureText.percent(run.measurement().sentShareOfTarget()) + " of it" + cpu + ".",
                "An emulated or single-threaded sender cannot reach the target: try burstline-java (the agent's "
                        + "engine) or more streams (-P) before reading this as the link's limit; any loss is of what "
                        + "was sent.", data);
    }

    private static Finding oneCore(RunSummary run, Double senderCpu, Map<String, Object> data) {
        return Finding.of(run.id(), FindingKind.SENDER_LIMITED, "Limited by the sender, not the network: the "
                        + "sending iperf3 used " + FigureText.percent(senderCpu) + " CPU, about one core's worth.",
                "Check the sending host next: more streams (-P), iperf3 3.16+ (one thread per stream), "
                        + "burstline-java (the agent's engine) or a native (not emulated) build before reading this "
                        + "as the link's limit.", data);
    }
}
