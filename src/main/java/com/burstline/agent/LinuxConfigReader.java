package com.burstline.agent;

import com.burstline.contract.HostConfig;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Linux: ethtool's channels, rings, coalescing, offloads and statistics, {@code tc qdisc}, the queues and IRQs in
 * sysfs, the sysctls, kernel and CPUs, all as an unprivileged user may read them (ethtool's show commands and these
 * files need no root). Each command is bounded ({@link ConfigCommands}) and they run at once; a refused read
 * ("netlink error: Operation not supported" for a veth's rings) is an unknown fact with that reason.
 */
final class LinuxConfigReader implements HostConfigReader {
    private final SysFiles sys;
    private final SysFiles proc;
    private final ConfigCommands.Runner runner;

    LinuxConfigReader(Path sysRoot, Path procRoot, ConfigCommands.Runner runner) {
        this.sys = new SysFiles(sysRoot, "/sys");
        this.proc = new SysFiles(procRoot, "/proc");
        this.runner = runner;
    }

    static LinuxConfigReader ofThisHost() {
        return new LinuxConfigReader(Path.of("/sys"), Path.of("/proc"), ConfigCommands::process);
    }

    @Override
    public HostConfig read(String nic) {
        long start = System.nanoTime();
        ConfigFacts facts = new ConfigFacts();
        if (!HostConfigReader.isInterfaceName(nic)) {
            facts.unknown("nic", "no interface to read (" + (nic == null ? "none routes to the peer" : "'" + nic
                    + "' is not an interface name") + ")");
            return facts.build(HostConfig.LINUX, null, elapsed(start));
        }
        List<ConfigCommands.Answer> answers = new ConfigCommands(runner, BUDGET).runAll(List.of(
                ethtool("-i", nic), ethtool("-l", nic), ethtool("-g", nic), ethtool("-c", nic), ethtool("-k", nic),
                ethtool("-S", nic), List.of("tc", "qdisc", "show", "dev", nic)));
        facts.file("nic.mtu", sys.read("class/net/" + nic + "/mtu"));
        facts.from(answers.get(0), "nic.driver", text -> {
            Map<String, String> info = EthtoolOutput.driverInfo(text);
            facts.put("nic.driver", info.get("driver"));
            facts.put("nic.driverVersion", info.get("version"));
            facts.put("nic.firmwareVersion", info.get("firmware-version"));
        });
        boolean ena = "ena".equals(facts.get("nic.driver"));
        facts.from(answers.get(1), "nic.channels",
                text -> EthtoolSettings.maximumsAndCurrent(text, "nic.channels", facts));
        facts.from(answers.get(2), "nic.rings",
                text -> EthtoolSettings.maximumsAndCurrent(text, "nic.rings", facts));
        facts.from(answers.get(3), "nic.coalesce", text -> EthtoolSettings.coalesce(text, facts));
        facts.from(answers.get(4), "nic.offload", text -> EthtoolSettings.offloads(text, facts));
        ConfigCommands.Answer statistics = answers.get(5);
        if (statistics.ok()) {
            EthtoolSettings.enaExpress(statistics.output(), ena, facts);
        } else if (ena) {
            facts.unknown("ena.srdMode", statistics.failure());
        }
        facts.from(answers.get(6), "nic.qdisc", text -> facts.put("nic.qdisc", TcQdisc.describe(text)));
        LinuxQueues.read(sys, proc, nic, ena, facts);
        LinuxQueues.irqs(sys, proc, nic, facts);
        LinuxSystem.read(sys, proc, ena, facts);
        return facts.build(HostConfig.LINUX, nic, elapsed(start));
    }

    private static List<String> ethtool(String option, String nic) {
        return List.of("ethtool", option, nic);
    }

    private static long elapsed(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
