package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;
import tools.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * packet-loss: a UDP run's receiver counted at least {@value #MIN_LOST_PERCENT}% of the datagrams as lost, and who
 * dropped them. Thresholds and the real runs behind them (README, findings):
 * <ul>
 *   <li>1%: runs whose receiver kept up lost 0% (the 3.18 client at 1 and 5 Gbit/s over the lab's 5 Gbit/s veth);
 *   every run that dropped lost 1.8% to 47% (3.12 at 1 Gbit/s: 1.8%, 8.6%, 47.5%; at 2 Gbit/s 1.0%; a download
 *   13.3%) — and at 1.8% the receiving namespace's {@code RcvbufErrors} had grown by 7,857.</li>
 *   <li>The receiver's iperf3 at ≥ {@value #ONE_CORE_PERCENT}% CPU (one core: iperf3 before 3.16 has one thread)
 *   means the receiving host could not keep up.</li>
 *   <li>The receiving host's counters (the SUT agent's, so downloads of job runs): {@code udp_rcvbuf_errors},
 *   {@code rx_dropped} or {@code rx_missed_errors} grown means the receiver dropped; present and unchanged means
 *   the path did. In every lossy lab run the receiver's iperf3 used 30–72% CPU while its socket buffer overflowed,
 *   so a CPU figure alone never clears the receiver.</li>
 *   <li>Sent above the burst limit: the shaper on the path dropped the excess.</li>
 * </ul>
 */
public final class PacketLossRule {
    /** Less lost than this is noise, not a finding. */
    public static final double MIN_LOST_PERCENT = 1.0;
    static final double ONE_CORE_PERCENT = 90;
    static final List<String> RECEIVER_DROP_COUNTERS = List.of("udp_rcvbuf_errors", "rx_dropped",
            "rx_missed_errors");

    private PacketLossRule() {
    }

    /** @param nicCounters the SUT agent's {@code {"interface", "delta"}}; null for uploaded runs */
    static Optional<Finding> of(RunSummary run, JsonNode nicCounters) {
        Double lost = run.lostPercent();
        if (!"UDP".equals(run.protocol()) || lost == null || lost < MIN_LOST_PERCENT) {
            return Optional.empty();
        }
        Double receiverCpu = run.receiverCpuPercent();
        Map<String, Long> receiverCounters = receiverCounters(run, nicCounters);
        Culprit culprit = Culprit.of(run, receiverCpu, receiverCounters);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("lostPercent", lost);
        data.put("droppedBy", culprit.name);
        data.put("sentBitsPerSecond", run.sentBitsPerSecond());
        data.put("receivedBitsPerSecond", run.receivedBitsPerSecond());
        data.put("targetBitsPerSecond", run.targetBitsPerSecond());
        data.put("receiverCpuPercent", receiverCpu);
        data.put("receiverCounters", receiverCounters);
        String message = String.format(java.util.Locale.ROOT, "The receiver lost %s of the datagrams (%s sent, %s "
                + "arrived): %s", Figures.percent(lost), Figures.rate(run.sentBitsPerSecond()),
                Figures.rate(run.receivedBitsPerSecond()), culprit.explanation(run, receiverCpu, receiverCounters));
        return Optional.of(new Finding(run.id(), "packet-loss", Finding.WARNING, message, data));
    }

    /** The SUT's counters describe the receiver only when the SUT received: downloads. Null when unknown. */
    private static Map<String, Long> receiverCounters(RunSummary run, JsonNode nicCounters) {
        JsonNode delta = nicCounters == null ? null : nicCounters.path("delta");
        if (!"download".equals(run.direction()) || delta == null || !delta.isObject()) {
            return null;
        }
        Map<String, Long> counters = new LinkedHashMap<>();
        RECEIVER_DROP_COUNTERS.forEach(name -> {
            if (delta.path(name).isIntegralNumber()) {
                counters.put(name, delta.path(name).longValue());
            }
        });
        return counters.isEmpty() ? null : counters;
    }

    private enum Culprit {
        RECEIVER_CPU("receiver"), RECEIVER_COUNTERS("receiver"), SHAPER("path"), PATH("path"), UNKNOWN("unknown");

        private final String name;

        Culprit(String name) {
            this.name = name;
        }

        static Culprit of(RunSummary run, Double receiverCpu, Map<String, Long> counters) {
            if (receiverCpu != null && receiverCpu >= ONE_CORE_PERCENT) {
                return RECEIVER_CPU;
            }
            if (counters != null && counters.values().stream().anyMatch(grew -> grew > 0)) {
                return RECEIVER_COUNTERS;
            }
            Double burst = run.burstLimitBitsPerSecond();
            Double sent = run.sentBitsPerSecond();
            if (burst != null && sent != null && sent > burst) {
                return SHAPER;
            }
            return counters != null && counters.containsKey("udp_rcvbuf_errors") ? PATH : UNKNOWN;
        }

        String explanation(RunSummary run, Double cpu, Map<String, Long> counters) {
            return switch (this) {
                case RECEIVER_CPU -> "the receiver dropped them: its iperf3 used " + Figures.percent(cpu)
                        + " CPU, a whole core. Check the receiving host's load; use -P to spread streams over cores "
                        + "or iperf3 3.16+ (one thread per stream).";
                case RECEIVER_COUNTERS -> "the receiver dropped them: its counters grew (" + grown(counters)
                        + "). Raise the receive buffers (sysctl net.core.rmem_max, iperf3 -w) or the NIC's RX "
                        + "ring (ethtool -G) and repeat.";
                case SHAPER -> "the path dropped them: the sender put out more than the "
                        + Figures.rate(run.burstLimitBitsPerSecond()) + " burst limit and the shaper dropped the "
                        + "excess. Send at or below the limit to measure the driver.";
                case PATH -> "the path dropped them: the receiving host's socket and NIC counters did not grow. "
                        + "Check the allowance counters (ethtool -S: bw_in_allowance_exceeded) and the route.";
                case UNKNOWN -> "the receiver's iperf3 used " + (cpu == null ? "an unknown share of" : Figures
                        .percent(cpu)) + " CPU, so it was not short of a core, but the receiving host's drop "
                        + "counters are not known. Check them next: receive buffer errors in netstat -su "
                        + "(RcvbufErrors) grew = the receiver dropped (raise -w / net.core.rmem_max), unchanged = "
                        + "the path dropped.";
            };
        }

        private static String grown(Map<String, Long> counters) {
            return String.join(", ", counters.entrySet().stream().filter(entry -> entry.getValue() > 0)
                    .map(entry -> String.format(java.util.Locale.ROOT, "%s +%,d", entry.getKey(), entry.getValue()))
                    .toList());
        }
    }
}
