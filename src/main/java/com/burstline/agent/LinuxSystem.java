package com.burstline.agent;

import java.util.List;

/**
 * The host around the NIC: the sysctls that size and pace TCP and the receive path (read from {@code /proc/sys},
 * which a network namespace shows for itself), the kernel, the CPUs and their frequency governor, and the module
 * parameters AWS's ENA Express checker reads.
 */
final class LinuxSystem {
    static final List<String> SYSCTLS = List.of("net.core.rmem_max", "net.core.wmem_max", "net.core.rmem_default",
            "net.core.wmem_default", "net.core.netdev_max_backlog", "net.core.busy_poll", "net.core.busy_read",
            "net.ipv4.tcp_rmem", "net.ipv4.tcp_wmem", "net.ipv4.tcp_congestion_control",
            "net.ipv4.tcp_limit_output_bytes", "net.ipv4.tcp_autocorking", "net.ipv4.tcp_mtu_probing");

    private LinuxSystem() {
    }

    static void read(SysFiles sys, SysFiles proc, boolean ena, ConfigFacts facts) {
        for (String sysctl : SYSCTLS) {
            ConfigCommands.Answer read = proc.read("sys/" + sysctl.replace('.', '/'));
            // "4096\t131072\t6291456": one space between the values, as sysctl prints them
            facts.from(read, sysctl, text -> facts.put(sysctl, text.replaceAll("\\s+", " ")));
        }
        facts.file("os.kernel", proc.read("sys/kernel/osrelease"));
        cpu(sys, proc, facts);
        facts.file("tcp_cubic.hystart_detect", sys.read("module/tcp_cubic/parameters/hystart_detect"));
        if (ena) {
            facts.file("ena.forceLargeLlqHeader", sys.read("module/ena/parameters/force_large_llq_header"));
        }
    }

    private static void cpu(SysFiles sys, SysFiles proc, ConfigFacts facts) {
        facts.from(proc.read("cpuinfo"), "cpu.model", cpuinfo -> facts.put("cpu.model", model(cpuinfo)));
        facts.from(sys.read("devices/system/cpu/online"), "cpu.count",
                online -> facts.put("cpu.count", String.valueOf(count(online))));
        facts.file("cpu.governor", sys.read("devices/system/cpu/cpu0/cpufreq/scaling_governor"));
    }

    /** x86's "model name"; an ARM core (Graviton) names only its implementer and part. */
    static String model(String cpuinfo) {
        String implementer = null;
        String part = null;
        for (String line : cpuinfo.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String name = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            if (name.equals("model name")) {
                return value;
            }
            implementer = name.equals("CPU implementer") && implementer == null ? value : implementer;
            part = name.equals("CPU part") && part == null ? value : part;
        }
        return implementer == null ? null : "ARM implementer " + implementer + " part " + part;
    }

    /** "0-1" is 2 CPUs, "0-3,8" is 5. */
    static int count(String online) {
        int count = 0;
        for (String range : online.strip().split(",")) {
            String[] ends = range.split("-");
            count += ends.length == 2 ? Integer.parseInt(ends[1]) - Integer.parseInt(ends[0]) + 1 : 1;
        }
        return count;
    }
}
