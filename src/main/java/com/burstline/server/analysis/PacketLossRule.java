package com.burstline.server.analysis;

import com.burstline.server.catalog.FindingKind;
import com.burstline.server.catalog.Thresholds;
import com.burstline.server.run.FigureText;
import com.burstline.server.run.ReceiverDrops;
import com.burstline.server.run.RunSummary;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * packet-loss: a UDP run's receiver counted at least {@link Thresholds#MIN_LOST} of the datagrams as lost, and who
 * dropped them (the catalog's {@link FindingKind#PACKET_LOSS}):
 * <ul>
 *   <li>the receiver, when its iperf3 used {@link Thresholds#ONE_CORE} of CPU, or its host's drop counters grew
 *   ({@link ReceiverDrops}; at 1.8% loss the receiving namespace's {@code RcvbufErrors} had grown by 7,857);</li>
 *   <li>the path, when the sender put out more than the burst limit (a shaper dropped the excess), or the
 *   receiver's socket counters are known and did not grow;</li>
 *   <li>not known otherwise: in every lossy lab run the receiver's iperf3 used 30–72% CPU while its socket buffer
 *   overflowed, so a CPU figure alone never clears the receiver.</li>
 * </ul>
 */
final class PacketLossRule {
    private PacketLossRule() {
    }

    static Optional<Finding> of(RunSummary run) {
        Double lost = run.figures().lostPercent();
        if (!run.udp() || lost == null || lost < Thresholds.MIN_LOST.value()) {
            return Optional.empty();
        }
        Double receiverCpu = run.measurement().receiverCpuPercent();
        ReceiverDrops drops = run.measurement().receiverDrops();
        Culprit culprit = Culprit.of(run, receiverCpu, drops);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("lostPercent", lost);
        data.put("droppedBy", culprit.name);
        data.put("sentBitsPerSecond", run.figures().sentBitsPerSecond());
        data.put("receivedBitsPerSecond", run.figures().receivedBitsPerSecond());
        data.put("targetBitsPerSecond", run.scenario().targetBitsPerSecond());
        data.put("receiverCpuPercent", receiverCpu);
        data.put("receiverCounters", drops == null ? null : drops.grown());
        String headline = String.format(Locale.ROOT, "The receiver lost %s of the datagrams (%s sent, %s arrived): "
                        + "%s", FigureText.percent(lost), FigureText.rate(run.figures().sentBitsPerSecond()),
                FigureText.rate(run.figures().receivedBitsPerSecond()), culprit.who(run, receiverCpu, drops));
        return Optional.of(Finding.of(run.id(), FindingKind.PACKET_LOSS, headline, culprit.next(), data));
    }

    private enum Culprit {
        RECEIVER_CPU("receiver"), RECEIVER_COUNTERS("receiver"), SHAPER("path"), PATH("path"), UNKNOWN("unknown");

        private final String name;

        Culprit(String name) {
            this.name = name;
        }

        static Culprit of(RunSummary run, Double receiverCpu, ReceiverDrops drops) {
            if (receiverCpu != null && receiverCpu >= Thresholds.ONE_CORE.value()) {
                return RECEIVER_CPU;
            }
            if (drops != null && drops.total() > 0) {
                return RECEIVER_COUNTERS;
            }
            Double burst = run.limits().burstLimitBitsPerSecond();
            Double sent = run.figures().sentBitsPerSecond();
            if (burst != null && sent != null && sent > burst) {
                return SHAPER;
            }
            return drops != null && drops.socketCounted() ? PATH : UNKNOWN;
        }

        /** Who dropped them, with the figures that say so: the headline's end. */
        String who(RunSummary run, Double cpu, ReceiverDrops drops) {
            return switch (this) {
                case RECEIVER_CPU -> "the receiver dropped them: its iperf3 used " + FigureText.percent(cpu)
                        + " CPU, a whole core.";
                case RECEIVER_COUNTERS -> "the receiver dropped them: its counters grew (" + grown(drops) + ").";
                case SHAPER -> "the path dropped them: the sender put out more than the "
                        + FigureText.rate(run.limits().burstLimitBitsPerSecond()) + " burst limit and the shaper "
                        + "dropped the excess.";
                case PATH -> "the path dropped them: the receiving host's socket and NIC counters did not grow.";
                case UNKNOWN -> "the receiver's iperf3 used " + (cpu == null ? "an unknown share of"
                        : FigureText.percent(cpu)) + " CPU, so it was not short of a core, but the receiving host's "
                        + "drop counters are not known.";
            };
        }

        /** What to check next. */
        String next() {
            return switch (this) {
                case RECEIVER_CPU -> "Check the receiving host's load; use -P to spread streams over cores or iperf3 "
                        + "3.16+ (one thread per stream).";
                case RECEIVER_COUNTERS -> "Raise the receive buffers (sysctl net.core.rmem_max, iperf3 -w) or the "
                        + "NIC's RX ring (ethtool -G) and repeat.";
                case SHAPER -> "Send at or below the limit to measure the driver.";
                case PATH -> "Check the allowance counters (ethtool -S: bw_in_allowance_exceeded) and the route.";
                case UNKNOWN -> "Check them next: receive buffer errors in netstat -su (RcvbufErrors) grew = the "
                        + "receiver dropped (raise -w / net.core.rmem_max), unchanged = the path dropped.";
            };
        }

        private static String grown(ReceiverDrops drops) {
            return String.join(", ", drops.grown().entrySet().stream().filter(entry -> entry.getValue() > 0)
                    .map(entry -> String.format(Locale.ROOT, "%s +%,d", entry.getKey(), entry.getValue()))
                    .toList());
        }
    }
}
