package com.burstline.server.hostconfig;

import java.util.List;

/**
 * The configuration facts an agent reports (docs/agent-protocol.md lists their names), each with the words a page
 * shows for it and whether it is known to change throughput. Entries are in order of importance: a difference in
 * queue count or MTU is listed before one in IRQ affinity. A name ending in {@code *} stands for every fact that
 * starts so; its label is the label given followed by the rest of the name.
 */
public final class FactCatalog {
    /** How much a difference in the fact may move throughput. */
    public enum Weight {
        /** Known to change throughput: queues, MTU, offloads, rings, congestion control, BQL, qdisc, buffers. */
        THROUGHPUT,
        /** Tuning that can: other sysctls, RPS/XPS, IRQ affinity, CPU, driver and kernel versions. */
        TUNING,
        /** What describes rather than tunes: maxima, firmware, every other advanced property. */
        OTHER
    }

    record Entry(String name, String label, Weight weight) {
        boolean matches(String fact) {
            return name.endsWith("*") ? fact.startsWith(name.substring(0, name.length() - 1)) : fact.equals(name);
        }

        String labelOf(String fact) {
            return name.endsWith("*") ? label + fact.substring(name.length() - 1) : label;
        }
    }

    private static final Weight T = Weight.THROUGHPUT;
    private static final Weight U = Weight.TUNING;
    private static final Weight O = Weight.OTHER;
    static final List<Entry> ENTRIES = List.of(
            new Entry("nic.channels.combined", "queue count", T), new Entry("nic.channels.rx", "RX queue count", T),
            new Entry("nic.channels.tx", "TX queue count", T), new Entry("nic.mtu", "MTU", T),
            new Entry("nic.jumboPacket", "jumbo packet", T), new Entry("nic.offload.gro", "GRO", T),
            new Entry("nic.offload.tso", "TSO", T), new Entry("nic.offload.gso", "GSO", T),
            new Entry("nic.offload.lro", "LRO", T), new Entry("nic.offload.groHw", "hardware GRO", T),
            new Entry("nic.offload.rscIpv4", "RSC (IPv4)", T), new Entry("nic.offload.rscIpv6", "RSC (IPv6)", T),
            new Entry("nic.rings.rx", "RX ring size", T), new Entry("nic.rings.tx", "TX ring size", T),
            new Entry("net.ipv4.tcp_congestion_control", "congestion control", T),
            new Entry("tcp.congestionProvider", "congestion control", T), new Entry("nic.bql", "BQL", T),
            new Entry("nic.qdisc", "qdisc", T), new Entry("ena.srdMode", "ENA Express mode", T),
            new Entry("net.ipv4.tcp_limit_output_bytes", "tcp_limit_output_bytes", T),
            new Entry("net.ipv4.tcp_rmem", "tcp_rmem", T), new Entry("net.ipv4.tcp_wmem", "tcp_wmem", T),
            new Entry("net.core.rmem_max", "rmem_max", T), new Entry("net.core.wmem_max", "wmem_max", T),
            new Entry("nic.coalesce.adaptiveRx", "adaptive RX coalescing", T),
            new Entry("nic.coalesce.rxUsecs", "rx-usecs", T), new Entry("nic.coalesce.txUsecs", "tx-usecs", T),
            new Entry("nic.coalesce.interruptModeration", "interrupt moderation", T),
            new Entry("nic.rss", "RSS", T), new Entry("tcp.autoTuningLevel", "receive window auto-tuning", T),
            new Entry("cpu.count", "CPU count", T),
            new Entry("nic.offload.*", "offload ", U), new Entry("nic.coalesce.*", "coalescing ", U),
            new Entry("nic.bql.*", "BQL ", U), new Entry("nic.rps.*", "RPS ", U), new Entry("nic.xps.*", "XPS ", U),
            new Entry("nic.irqs", "IRQ count", U), new Entry("nic.irq.*", "CPUs of IRQ ", U),
            new Entry("net.core.*", "net.core.", U), new Entry("net.ipv4.*", "net.ipv4.", U),
            new Entry("tcp_cubic.hystart_detect", "CUBIC hystart_detect", U), new Entry("tcp.*", "TCP ", U),
            new Entry("nic.rss.*", "RSS ", U), new Entry("cpu.model", "CPU model", U),
            new Entry("cpu.governor", "CPU frequency governor", U), new Entry("nic.driver", "driver", U),
            new Entry("nic.driverVersion", "driver version", U), new Entry("os.kernel", "kernel", U),
            new Entry("os.build", "OS build", U), new Entry("os.name", "OS", U),
            new Entry("ena.forceLargeLlqHeader", "ENA large LLQ header", U),
            new Entry("nic.rings.*", "ring ", O), new Entry("nic.channels.*", "channels ", O),
            new Entry("nic.adv.*", "advanced property ", O), new Entry("nic.*", "NIC ", O));

    private FactCatalog() {
    }

    /** "MTU", "GRO", "CPUs of IRQ eth0-Tx-Rx-0"; a fact the catalog lacks is named as it is. */
    public static String label(String fact) {
        Entry entry = entry(fact);
        return entry == null ? fact : entry.labelOf(fact);
    }

    public static Weight weight(String fact) {
        Entry entry = entry(fact);
        return entry == null ? Weight.OTHER : entry.weight();
    }

    /** Where the fact sits in the catalog's order of importance; facts it lacks come last. */
    static int rank(String fact) {
        for (int i = 0; i < ENTRIES.size(); i++) {
            if (ENTRIES.get(i).matches(fact)) {
                return i;
            }
        }
        return ENTRIES.size();
    }

    private static Entry entry(String fact) {
        return ENTRIES.stream().filter(entry -> entry.matches(fact)).findFirst().orElse(null);
    }
}
