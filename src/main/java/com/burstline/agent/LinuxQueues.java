package com.burstline.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * An interface's queues as sysfs shows them (how many is ethtool's channels' to say): BQL on each TX queue, RPS on each RX queue and XPS on each TX
 * queue (one value when all queues agree, else each queue's), and the IRQs of its device with the CPUs each may run
 * on ({@code /proc/irq/N/smp_affinity_list}, what irqbalance or a person set).
 */
final class LinuxQueues {
    private LinuxQueues() {
    }

    static void read(SysFiles sys, SysFiles proc, String nic, boolean ena, ConfigFacts facts) {
        String queues = "class/net/" + nic + "/queues";
        List<String> tx = sys.list(queues).stream().filter(name -> name.startsWith("tx-")).toList();
        List<String> rx = sys.list(queues).stream().filter(name -> name.startsWith("rx-")).toList();
        if (tx.isEmpty() && rx.isEmpty()) {
            facts.unknown("nic.queues", sys.shown(queues) + ": no queues listed");
            return;
        }
        bql(sys, queues, tx, ena, facts);
        perQueue(sys, queues, rx, "rps_cpus", "nic.rps.cpus", LinuxQueues::mask, facts);
        perQueue(sys, queues, rx, "rps_flow_cnt", "nic.rps.flowCnt", Function.identity(), facts);
        perQueue(sys, queues, tx, "xps_cpus", "nic.xps.cpus", LinuxQueues::mask, facts);
    }

    /**
     * AWS's checker calls BQL on when ENA's {@code enable_bql} module parameter is 1, or, without that parameter,
     * when any TX queue's {@code limit_min} is 0 (disabling it sets {@code limit_min} to the maximum). A device
     * without {@code byte_queue_limits} (veth) has no BQL at all: "none".
     */
    private static void bql(SysFiles sys, String queues, List<String> tx, boolean ena, ConfigFacts facts) {
        if (tx.stream().noneMatch(queue -> sys.exists(queues + "/" + queue + "/byte_queue_limits"))) {
            facts.put("nic.bql", "none");
            return;
        }
        perQueue(sys, queues, tx, "byte_queue_limits/limit_min", "nic.bql.limitMin", Function.identity(), facts);
        perQueue(sys, queues, tx, "byte_queue_limits/limit_max", "nic.bql.limitMax", Function.identity(), facts);
        String parameter = ena ? sys.text("module/ena/parameters/enable_bql") : null;
        boolean anyZero = tx.stream().anyMatch(queue -> "0".equals(sys.text(queues + "/" + queue
                + "/byte_queue_limits/limit_min")));
        facts.put("nic.bql", parameter != null ? ("0".equals(parameter) ? "off" : "on") : anyZero ? "on" : "off");
    }

    private static void perQueue(SysFiles sys, String queues, List<String> names, String file, String fact,
                                 Function<String, String> normal, ConfigFacts facts) {
        Map<String, String> values = new LinkedHashMap<>();
        String failure = null;
        for (String queue : names) {
            ConfigCommands.Answer read = sys.read(queues + "/" + queue + "/" + file);
            if (read.ok()) {
                values.put(queue, normal.apply(read.output()));
            } else if (failure == null) {
                failure = read.failure();
            }
        }
        if (values.isEmpty()) {
            facts.unknown(fact, failure == null ? "no queues" : failure);
        } else {
            facts.put(fact, compact(values));
        }
    }

    /** One value when every queue has it; else "rx-0=f, rx-1=0". */
    static String compact(Map<String, String> values) {
        if (values.values().stream().distinct().count() == 1) {
            return values.values().iterator().next();
        }
        return String.join(", ", values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList());
    }

    /** A CPU mask as hex without leading zeros or commas: the same CPUs read the same on any CPU count. */
    static String mask(String hex) {
        String digits = hex.replace(",", "").replaceFirst("^0+", "");
        return digits.isEmpty() ? "0" : digits;
    }

    /** The device's MSI-X vectors: on the PCI function itself (ENA) or its parent (virtio_net's virtioN). */
    static void irqs(SysFiles sys, SysFiles proc, String nic, ConfigFacts facts) {
        String device = "class/net/" + nic + "/device";
        if (!sys.exists(device)) {
            facts.unknown("nic.irqs", nic + " has no device in sysfs (a virtual interface has no IRQs of its own)");
            return;
        }
        List<String> irqs;
        try {
            Path real = sys.path(device).toRealPath();
            Path msi = Files.isDirectory(real.resolve("msi_irqs")) ? real.resolve("msi_irqs")
                    : real.getParent().resolve("msi_irqs");
            try (var entries = Files.list(msi)) {
                irqs = entries.map(p -> p.getFileName().toString()).filter(n -> n.matches("\\d+"))
                        .sorted(java.util.Comparator.comparingInt(Integer::parseInt)).toList();
            }
        } catch (IOException e) {
            facts.unknown("nic.irqs", sys.shown(device) + " lists no MSI IRQs (" + e.getMessage() + ")");
            return;
        }
        facts.put("nic.irqs", String.valueOf(irqs.size()));
        for (String irq : irqs) {
            String action = proc.list("irq/" + irq).stream()
                    .filter(name -> Files.isDirectory(proc.path("irq/" + irq + "/" + name))).findFirst().orElse(irq);
            facts.file("nic.irq." + action, proc.read("irq/" + irq + "/smp_affinity_list"));
        }
    }
}
