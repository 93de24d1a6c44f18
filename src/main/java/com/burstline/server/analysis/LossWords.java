package com.burstline.server.analysis;

import com.burstline.contract.HostDrops;
import com.burstline.server.run.ReceiverDrops;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The packet-loss finding's words, made from its data ({@link PacketLossRule}): who dropped the datagrams, how many,
 * and what to do next; the short clause also speaks for each run in a selection's summary.
 */
final class LossWords {
    private LossWords() {
    }

    /** The finding's sentence after "The receiver lost …:". */
    static String explanation(PacketLossRule.LossCause cause, Map<String, Object> data) {
        Double cpu = (Double) data.get("receiverCpuPercent");
        return switch (cause) {
            case RECEIVER_CPU -> "the receiver dropped them: its iperf3 used " + Figures.percent(cpu) + " CPU, a "
                    + "whole core. Check the receiving host's load; use -P to spread streams over cores or iperf3 "
                    + "3.16+ (one thread per stream).";
            case RECEIVER_COUNTERS -> "the receiver dropped them: " + dropped(receivers(data), true) + busy(cpu)
                    + " — the receiver, not the path. Raise the receive buffers (sysctl net.core.rmem_max, iperf3 -w) "
                    + "or the NIC's RX ring (ethtool -G) and repeat.";
            case SHAPER, PATH -> "the path dropped them: " + who(cause, data) + ". Check the allowance counters "
                    + "(ethtool -S: bw_in_allowance_exceeded) and the route.";
            case UNKNOWN -> "the receiver's iperf3 used " + (cpu == null ? "an unknown share of" : Figures
                    .percent(cpu)) + " CPU, so it was not short of a core, but the receiving host's drop counters are "
                    + "not known (" + reasons(receivers(data)) + "). Check them next: receive buffer errors in "
                    + "netstat -su (RcvbufErrors) grew = the receiver dropped (raise -w / net.core.rmem_max), "
                    + "unchanged = the path dropped.";
        };
    }

    /** Who dropped them, in one clause. */
    static String who(PacketLossRule.LossCause cause, Map<String, Object> data) {
        List<ReceiverDrops> receivers = receivers(data);
        return switch (cause) {
            case RECEIVER_CPU -> "the receiving host's iperf3 used " + Figures.percent((Double) data
                    .get("receiverCpuPercent")) + " CPU, a whole core — the receiver, not the path";
            case RECEIVER_COUNTERS -> dropped(receivers, false) + busy((Double) data.get("receiverCpuPercent"))
                    + " — the receiver, not the path";
            case SHAPER -> "the sender put out more than the " + Figures.rate((Double) data
                    .get("burstLimitBitsPerSecond")) + " burst limit and the shaper on the path dropped the excess";
            case PATH -> (receivers.size() > 1 ? "neither host counted drops" : "the receiving host "
                    + receivers.get(0).host() + " counted no drops") + " (" + String.join("; ", receivers.stream()
                    .map(receiver -> receivers.size() > 1 ? receiver.host() + ": " + counters(receiver, true)
                            : counters(receiver, true)).toList()) + "): lost on the path, not at the receiver";
            case UNKNOWN -> "who dropped them is not known: " + reasons(receivers);
        };
    }

    /** "the receiving host lab-b dropped 41,230 datagrams (receive buffer full: udp_rcvbuf_errors +41,230)". */
    private static String dropped(List<ReceiverDrops> receivers, boolean withCounters) {
        List<String> hosts = new ArrayList<>();
        for (ReceiverDrops receiver : receivers.stream().filter(ReceiverDrops::dropped).toList()) {
            Long datagrams = receiver.datagramsDropped();
            Long packets = receiver.interfaceDrops();
            String detail = withCounters ? ": " + counters(receiver, false) : "";
            String nic = "interface" + (receiver.interfaceName() == null ? "" : " " + receiver.interfaceName());
            boolean nicDropped = packets != null && packets > 0;
            if (datagrams != null && datagrams > 0) {
                hosts.add("the receiving host " + receiver.host() + " dropped " + count(datagrams, "datagram") + " ("
                        + cause(receiver, datagrams) + detail + ")" + (nicDropped ? " and its " + nic + " "
                        + count(packets, "packet") : ""));
            } else {
                hosts.add("the receiving host " + receiver.host() + "'s " + nic + " dropped " + count(packets,
                        "packet") + (withCounters ? " (" + counters(receiver, false) + ")" : ""));
            }
        }
        return String.join("; ", hosts);
    }

    /** A receiver that also ran out of a core: its iperf3 is one thread before 3.16. */
    private static String busy(Double cpu) {
        return cpu != null && cpu >= PacketLossRule.ONE_CORE_PERCENT ? ", its iperf3 at " + Figures.percent(cpu)
                + " CPU, a whole core" : "";
    }

    private static String cause(ReceiverDrops receiver, long datagrams) {
        Long buffer = receiver.receiveBufferErrors();
        if (buffer == null || buffer == 0) {
            return "UDP receive errors";
        }
        return buffer >= datagrams ? "receive buffer full" : String.format(Locale.ROOT, "%,d of them with the receive "
                + "buffer full", buffer);
    }

    /** The counters the agent read, in its names: all of them, or only those that grew. */
    private static String counters(ReceiverDrops receiver, boolean all) {
        List<String> parts = new ArrayList<>();
        add(parts, HostDrops.UDP_RCVBUF_ERRORS, receiver.udpReceiveBufferErrors(), all);
        add(parts, HostDrops.UDP_IN_ERRORS, receiver.udpInErrors(), all);
        add(parts, HostDrops.UDP6_RCVBUF_ERRORS, receiver.udp6ReceiveBufferErrors(), all);
        add(parts, HostDrops.UDP6_IN_ERRORS, receiver.udp6InErrors(), all);
        add(parts, HostDrops.RX_DROPPED, receiver.interfaceRxDropped(), all);
        add(parts, HostDrops.RX_ERRORS, receiver.interfaceRxErrors(), all);
        if (receiver.nicDrops() != null) {
            receiver.nicDrops().forEach((name, value) -> add(parts, name, value, all));
        }
        return String.join(", ", parts);
    }

    private static void add(List<String> parts, String name, Long value, boolean all) {
        if (value != null && (all || value > 0)) {
            parts.add(String.format(Locale.ROOT, "%s +%,d", name, value));
        }
    }

    private static String count(long count, String unit) {
        return String.format(Locale.ROOT, "%,d %s%s", count, unit, count == 1 ? "" : "s");
    }

    private static String reasons(List<ReceiverDrops> receivers) {
        List<String> reasons = receivers.stream().filter(receiver -> receiver.datagramsDropped() == null)
                .map(receiver -> receiver.host() + ": " + (receiver.reason() != null ? receiver.reason()
                        : receiver.unknown().getOrDefault("udpInErrors", "its UDP counters could not be read")))
                .toList();
        return reasons.isEmpty() ? "no receiving host is known" : String.join("; ", reasons);
    }

    @SuppressWarnings("unchecked")
    private static List<ReceiverDrops> receivers(Map<String, Object> data) {
        return (List<ReceiverDrops>) data.getOrDefault("receivers", List.of());
    }
}
