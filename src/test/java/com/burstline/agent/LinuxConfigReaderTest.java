package com.burstline.agent;

import com.burstline.contract.HostConfig;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Linux configuration reader on hosts captured by src/test/resources/hostconfig/capture.sh: this machine's
 * virtio_net NIC, and a lab veth in a network namespace before and after it was tuned (MTU 9000, GRO on, 2 queues,
 * tcp_autocorking 0). The veth refuses some reads, as the kernel does for virtual devices.
 */
class LinuxConfigReaderTest {

    @Test
    void aVirtioNicGivesEveryGroupOfFacts() {
        HostConfig config = CapturedHost.reader("linux-virtio").read("eth0");

        assertThat(config.os()).isEqualTo("linux");
        assertThat(config.interfaceName()).isEqualTo("eth0");
        assertThat(config.facts()).containsEntry("nic.mtu", "1400").containsEntry("nic.driver", "virtio_net")
                .containsEntry("nic.driverVersion", "1.0.0")
                .containsEntry("nic.channels.combined", "1").containsEntry("nic.channels.combined.max", "1")
                .containsEntry("nic.rings.rx", "256").containsEntry("nic.rings.tx.max", "256")
                .containsEntry("nic.rings.txPush", "off")
                .containsEntry("nic.coalesce.adaptiveRx", "off").containsEntry("nic.coalesce.rxUsecs", "0")
                .containsEntry("nic.coalesce.rxFrames", "1")
                .containsEntry("nic.offload.gro", "on").containsEntry("nic.offload.lro", "off")
                .containsEntry("nic.offload.tso", "on").containsEntry("nic.offload.rxChecksum", "on")
                .containsEntry("nic.qdisc", "pfifo_fast bands 3 priomap 1 2 2 2 1 2 0 0 1 1 1 1 1 1 1 1")
                .containsEntry("nic.bql", "on").containsEntry("nic.bql.limitMin", "0")
                .containsEntry("nic.bql.limitMax", "1879048192").containsEntry("nic.rps.cpus", "0")
                .containsEntry("nic.irqs", "3").containsEntry("nic.irq.virtio2-input.0", "0-1")
                .containsEntry("nic.irq.virtio2-output.0", "0-1")
                .containsEntry("net.ipv4.tcp_rmem", "4096 131072 33554432")
                .containsEntry("net.ipv4.tcp_congestion_control", "bbr")
                .containsEntry("net.ipv4.tcp_limit_output_bytes", "4194304")
                .containsEntry("os.kernel", "6.18.44-fc-v1272").containsEntry("cpu.model", "AMD EPYC")
                .containsEntry("cpu.count", "2").containsEntry("tcp_cubic.hystart_detect", "3");
        assertThat(config.facts()).doesNotContainKeys("nic.coalesce.rxUsecsIrq", "nic.channels.rx", "ena.srdMode");
        // The kernel lists xps_cpus of a single-queue device but answers its read with ENOENT.
        assertThat(config.unknown()).containsEntry("nic.xps.cpus",
                "/sys/class/net/eth0/queues/tx-0/xps_cpus: no such file")
                .containsEntry("cpu.governor", "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor: no such file");
    }

    @Test
    void aVethRefusesRingsAndCoalescingAndHasNoBqlOrIrqs() {
        HostConfig config = CapturedHost.reader("linux-veth").read("blcf-ta");

        assertThat(config.unknown())
                .containsEntry("nic.rings", "ethtool -g: netlink error: Operation not supported")
                .containsEntry("nic.coalesce", "ethtool -c: netlink error: Operation not supported")
                .containsEntry("nic.irqs", "blcf-ta has no device in sysfs (a virtual interface has no IRQs of its "
                        + "own)")
                .containsEntry("net.core.busy_poll", "/proc/sys/net/core/busy_poll: no such file")
                .containsEntry("net.core.netdev_max_backlog",
                        "/proc/sys/net/core/netdev_max_backlog: no such file");
        assertThat(config.facts()).containsEntry("nic.driver", "veth").containsEntry("nic.bql", "none")
                .containsEntry("nic.channels.rx", "1").containsEntry("nic.channels.rx.max", "2")
                .containsEntry("nic.offload.gro", "off").containsEntry("nic.xps.cpus", "0")
                .containsEntry("nic.qdisc", "tbf rate 5Gbit burst 1048125b lat 50ms");
        assertThat(config.facts().keySet()).noneMatch(name -> name.startsWith("nic.rings")
                || name.startsWith("nic.irq.") || name.startsWith("nic.bql."));
    }

    @Test
    void tuningTheVethChangesExactlyTheFactsThatWereTuned() {
        Map<String, String> before = CapturedHost.reader("linux-veth").read("blcf-ta").facts();
        Map<String, String> after = CapturedHost.reader("linux-veth-tuned").read("blcf-ta").facts();

        Set<String> changed = new TreeSet<>();
        new TreeSet<>(Set.copyOf(before.keySet())).forEach(key -> {
            if (!before.get(key).equals(after.get(key))) {
                changed.add(key);
            }
        });
        after.keySet().stream().filter(key -> !before.containsKey(key)).forEach(changed::add);
        assertThat(changed).containsExactly("net.ipv4.tcp_autocorking", "nic.channels.rx", "nic.channels.tx",
                "nic.mtu", "nic.offload.gro");
        assertThat(after).containsEntry("nic.mtu", "9000").containsEntry("nic.channels.rx", "2")
                .containsEntry("nic.offload.gro", "on").containsEntry("net.ipv4.tcp_autocorking", "0");
    }

    @Test
    void withoutEthtoolTheSysfsFactsRemainAndEthtoolsAreUnknown() {
        LinuxConfigReader noEthtool = new LinuxConfigReader(CapturedHost.ROOT.resolve("linux-veth/sys"),
                CapturedHost.ROOT.resolve("linux-veth/proc"), (command, environment, timeout) ->
                ConfigCommands.Answer.failed(command.get(0) + " is not installed"));

        HostConfig config = noEthtool.read("blcf-ta");

        assertThat(config.unknown()).containsEntry("nic.channels", "ethtool is not installed")
                .containsEntry("nic.offload", "ethtool is not installed")
                .containsEntry("nic.qdisc", "tc is not installed");
        assertThat(config.facts()).containsEntry("nic.mtu", "1500").containsEntry("nic.bql", "none");
    }

    @Test
    void anInterfaceNameThatIsNoDeviceNameIsNotRead() {
        HostConfig config = CapturedHost.reader("linux-veth").read("../../etc");

        assertThat(config.facts()).isEmpty();
        assertThat(config.unknown()).containsOnlyKeys("nic");
        assertThat(CapturedHost.reader("linux-veth").read(null).unknown().get("nic"))
                .contains("none routes to the peer");
    }

    @Test
    void enaExpressModeIsAFactAndItsUtilisationAReading() {
        ConfigFacts facts = new ConfigFacts();
        EthtoolSettings.enaExpress(CapturedHost.text(CapturedHost.ROOT.resolve("ena-docs/ethtool-S-srd.txt")),
                true, facts);
        HostConfig config = facts.build("linux", "eth0", 0);

        assertThat(config.facts()).containsExactly(Map.entry("ena.srdMode", "1"));
        assertThat(config.readings()).containsExactly(Map.entry("ena_srd_resource_utilization", 0L));

        ConfigFacts oldDriver = new ConfigFacts();
        EthtoolSettings.enaExpress(CapturedHost.text(CapturedHost.ROOT.resolve("linux-virtio/cmd/ethtool-S.out")),
                true, oldDriver);
        assertThat(oldDriver.build("linux", "eth0", 0).unknown().get("ena.srdMode")).contains("driver 2.8");
    }

    @Test
    void procfsIsReadWholeAsCatReadsIt() throws Exception {
        SysFiles proc = new SysFiles(java.nio.file.Path.of("/proc"), "/proc");
        for (String file : List.of("sys/net/ipv4/tcp_rmem", "sys/net/ipv4/tcp_limit_output_bytes",
                "sys/kernel/osrelease")) {
            Process cat = new ProcessBuilder("cat", "/proc/" + file).start();
            String byCat = new String(cat.getInputStream().readAllBytes()).strip();
            cat.waitFor();

            assertThat(proc.read(file).output()).as(file).isEqualTo(byCat).hasSizeGreaterThan(2);
        }
    }

    @Test
    void realCommandsAnswerWithTheirComplaintOrTheirTimeout() {
        assertThat(ConfigCommands.process(List.of("ethtool", "-g", "lo"), Map.of(), Duration.ofSeconds(5))
                .failure()).isEqualTo("ethtool -g: netlink error: Operation not supported");
        assertThat(ConfigCommands.process(List.of("sleep", "5"), Map.of(), Duration.ofMillis(200)).failure())
                .isEqualTo("sleep 5 did not answer within 200 ms");
        assertThat(ConfigCommands.process(List.of("no-such-tool-here"), Map.of(), Duration.ofSeconds(1))
                .failure()).isEqualTo("no-such-tool-here is not installed");
        assertThat(new ConfigCommands((command, environment, timeout) -> new ConfigCommands.Answer("x", null),
                Duration.ZERO).run(List.of("ethtool", "-k", "eth0")).failure())
                .isEqualTo("ethtool -k eth0 was not run: the reading's 0 s were spent");
    }
}
