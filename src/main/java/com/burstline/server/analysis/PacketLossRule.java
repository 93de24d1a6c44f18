package com.burstline.server.analysis;

import com.burstline.server.run.ReceiverDrops;
import com.burstline.server.run.ReceivingHosts;
import com.burstline.server.run.RunSummary;
import tools.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * packet-loss: a UDP run's receiver counted at least {@value #MIN_LOST_PERCENT}% of the datagrams as lost, and who
 * dropped them. Thresholds and the real runs behind them (src/test/resources/iperf3/README.md):
 * <ul>
 *   <li>1%: runs whose receiver kept up lost 0% (the 3.18 client at 1 and 5 Gbit/s over the lab's 5 Gbit/s veth);
 *   every run that dropped lost 1.8% to 47% (3.12 at 1 Gbit/s: 1.8%, 8.6%, 47.5%; at 2 Gbit/s 1.0%; a download
 *   13.3%) — and at 1.8% the receiving namespace's {@code RcvbufErrors} had grown by 7,857.</li>
 *   <li>The receiver's iperf3 at ≥ {@value #ONE_CORE_PERCENT}% CPU (one core: iperf3 before 3.16 has one thread)
 *   means the receiving host could not keep up.</li>
 *   <li>The receiving host's own drop counts ({@link ReceiverDrops}: the peer's on uploads, the SUT's on downloads,
 *   both on bidir), counted by its agent over the run: any grown means the receiver dropped; all counted and none
 *   grown means the path did. In every lossy lab run the receiver's iperf3 used 30–72% CPU while its socket buffer
 *   overflowed, so a CPU figure alone never clears the receiver.</li>
 *   <li>Sent above the burst limit: the shaper on the path dropped the excess.</li>
 * </ul>
 */
public final class PacketLossRule {
    /** Less lost than this is noise, not a finding. */
    public static final double MIN_LOST_PERCENT = 1.0;
    static final double ONE_CORE_PERCENT = 90;

    private PacketLossRule() {
    }

    /** @param nicCounters the SUT agent's {@code {"interface", "delta"}} (a run before agents counted drops) */
    static Optional<Finding> of(RunSummary run, JsonNode nicCounters) {
        return ofReceivers(run, ReceivingHosts.of(run, Map.of(), nicCounters));
    }

    /** @param receivers each receiving host's own drop counts over the run ({@link ReceivingHosts}) */
    static Optional<Finding> ofReceivers(RunSummary run, List<ReceiverDrops> receivers) {
        Double lost = run.lostPercent();
        if (!"UDP".equals(run.protocol()) || lost == null || lost < MIN_LOST_PERCENT) {
            return Optional.empty();
        }
        Double receiverCpu = run.receiverCpuPercent();
        LossCause cause = LossCause.of(run, receiverCpu, receivers);
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("lostPercent", lost);
        data.put("droppedBy", cause.droppedBy());
        data.put("cause", cause.id());
        data.put("sentBitsPerSecond", run.sentBitsPerSecond());
        data.put("receivedBitsPerSecond", run.receivedBitsPerSecond());
        data.put("targetBitsPerSecond", run.targetBitsPerSecond());
        data.put("burstLimitBitsPerSecond", run.burstLimitBitsPerSecond());
        data.put("receiverCpuPercent", receiverCpu);
        data.put("receivers", List.copyOf(receivers));
        String message = String.format(java.util.Locale.ROOT, "The receiver lost %s of the datagrams (%s sent, %s "
                + "arrived): %s", Figures.percent(lost), Figures.rate(run.sentBitsPerSecond()),
                Figures.rate(run.receivedBitsPerSecond()), LossWords.explanation(cause, data));
        return Optional.of(new Finding(run.id(), "packet-loss", Finding.WARNING, message, data));
    }

    /** Who dropped a finding's datagrams, in one clause for a selection's summary ("… — the receiver, not the path"). */
    static String whoDropped(Finding finding) {
        return LossWords.who(LossCause.byId(String.valueOf(finding.data().get("cause"))), finding.data());
    }

    /** Who dropped the datagrams, in the order the evidence decides it. */
    enum LossCause {
        RECEIVER_CPU("receiver-cpu", "receiver"), RECEIVER_COUNTERS("receiver-counters", "receiver"),
        SHAPER("shaper", "path"), PATH("path", "path"), UNKNOWN("unknown", "unknown");

        private final String id;
        private final String droppedBy;

        LossCause(String id, String droppedBy) {
            this.id = id;
            this.droppedBy = droppedBy;
        }

        String id() {
            return id;
        }

        String droppedBy() {
            return droppedBy;
        }

        static LossCause byId(String id) {
            for (LossCause cause : values()) {
                if (cause.id.equals(id)) {
                    return cause;
                }
            }
            return UNKNOWN;
        }

        /** What the receiving host counted comes first: it says how many, whatever its CPU was doing. */
        static LossCause of(RunSummary run, Double receiverCpu, List<ReceiverDrops> receivers) {
            if (receivers.stream().anyMatch(ReceiverDrops::dropped)) {
                return RECEIVER_COUNTERS;
            }
            if (receiverCpu != null && receiverCpu >= ONE_CORE_PERCENT) {
                return RECEIVER_CPU;
            }
            Double burst = run.burstLimitBitsPerSecond();
            Double sent = run.sentBitsPerSecond();
            if (burst != null && sent != null && sent > burst) {
                return SHAPER;
            }
            boolean allCounted = !receivers.isEmpty()
                    && receivers.stream().allMatch(receiver -> receiver.datagramsDropped() != null);
            return allCounted ? PATH : UNKNOWN;
        }
    }
}
