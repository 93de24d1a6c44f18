package com.burstline.agent;

import com.burstline.contract.HostDrops;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Linux drop readers on real files (src/test/resources/agent/README.md): a namespace whose UDP receiver overflowed
 * its socket buffer while its veth dropped nothing, this machine's own files, and ethtool -S of a veth and of
 * virtio_net.
 */
class LinuxDropCountersTest {

    @Test
    void theReceivingNamespacesUdpCountersHoldWhatItsSocketBufferDropped() {
        DropReading before = LinuxDropCounters.udp(file("proc-net-snmp-ns-before.txt"));
        DropReading after = LinuxDropCounters.udp(file("proc-net-snmp-ns-after.txt"));

        HostDrops drops = new HostDrops("blev-tb", HostDrops.LINUX, before.values(), after.values(), after.unknown());

        assertThat(before.unknown()).isEmpty();
        assertThat(drops.delta()).containsEntry(HostDrops.UDP_RCVBUF_ERRORS, 141_026L)
                .containsEntry(HostDrops.UDP_IN_ERRORS, 141_026L);
    }

    @Test
    void udp6TheInterfaceAndTheVethsOwnCountersAreRead() {
        assertThat(LinuxDropCounters.udp6(file("proc-net-snmp6-ns.txt")).values())
                .containsEntry(HostDrops.UDP6_RCVBUF_ERRORS, 0L).containsEntry(HostDrops.UDP6_IN_ERRORS, 0L);
        assertThat(LinuxDropCounters.interfaceRx(file("proc-net-dev-ns.txt"), "blev-tb").values())
                .containsEntry(HostDrops.RX_DROPPED, 0L).containsEntry(HostDrops.RX_ERRORS, 0L);
        assertThat(LinuxDropCounters.nicDrops(file("ethtool-S-veth.txt"), "blev-tb").values())
                .containsOnlyKeys("nic.rx_queue_0_drops", "nic.rx_queue_0_xdp_drops");
    }

    @Test
    void aDriverPrintingTotalsBesidePerQueueCountersIsCountedOnceByItsTotals() {
        assertThat(LinuxDropCounters.nicDrops(file("ethtool-S-virtio_net.txt"), "eth0").values())
                .containsOnlyKeys("nic.rx_drops", "nic.rx_xdp_drops");
    }

    @Test
    void thisMachinesOwnFilesAreRead() {
        assertThat(LinuxDropCounters.udp(file("proc-net-snmp-host.txt")).values())
                .containsKeys(HostDrops.UDP_RCVBUF_ERRORS, HostDrops.UDP_IN_ERRORS);
        assertThat(LinuxDropCounters.udp6(file("proc-net-snmp6-host.txt")).values())
                .containsKeys(HostDrops.UDP6_RCVBUF_ERRORS, HostDrops.UDP6_IN_ERRORS);
        assertThat(LinuxDropCounters.interfaceRx(file("proc-net-dev-host.txt"), "eth0").values())
                .containsKeys(HostDrops.RX_DROPPED, HostDrops.RX_ERRORS);
        assertThat(new LinuxPlatform().dropCounters("lo").values()).as("read live, without root")
                .containsKeys(HostDrops.UDP_IN_ERRORS, HostDrops.RX_DROPPED);
    }

    @Test
    void whatCannotBeReadIsUnknownWithTheReasonNeverZero(@TempDir Path proc) throws IOException {
        Files.createDirectories(proc.resolve("net"));
        Files.writeString(proc.resolve("net/snmp"), file("proc-net-snmp-ns-after.txt"));
        Files.writeString(proc.resolve("net/dev"), file("proc-net-dev-ns.txt"));
        LinuxDropCounters noEthtool = new LinuxDropCounters(proc, command -> {
            throw new IOException("ethtool: not found");
        });

        DropReading reading = noEthtool.read("blev-tb");
        DropReading otherInterface = noEthtool.read("eth9");
        DropReading noInterface = noEthtool.read(null);

        assertThat(reading.values()).containsEntry(HostDrops.UDP_RCVBUF_ERRORS, 141_026L)
                .containsEntry(HostDrops.RX_DROPPED, 0L).doesNotContainKeys(HostDrops.UDP6_IN_ERRORS);
        assertThat(reading.unknown().get(HostDrops.UDP6_IN_ERRORS)).contains("snmp6", "IPv6 is off");
        assertThat(reading.unknown()).containsEntry("nic.rx", "ethtool is not installed");
        assertThat(otherInterface.unknown().get(HostDrops.RX_DROPPED)).isEqualTo("/proc/net/dev has no line for eth9");
        assertThat(noInterface.unknown().get(HostDrops.RX_DROPPED)).contains("interface", "not known");
        assertThat(LinuxDropCounters.udp("Ip: Forwarding\nIp: 1").unknown())
                .containsOnlyKeys(HostDrops.UDP_RCVBUF_ERRORS, HostDrops.UDP_IN_ERRORS);
        assertThat(LinuxDropCounters.nicDrops("NIC statistics:\n     peer_ifindex: 12\n", "x").unknown())
                .containsEntry("nic.rx", "ethtool -S x lists no receive-drop counter");
    }

    @Test
    void aFailingEthtoolSaysSo(@TempDir Path proc) {
        DropReading reading = new LinuxDropCounters(proc, command -> null).read("lo");

        assertThat(reading.unknown().get("nic.rx")).isEqualTo("ethtool -S lo failed (its driver has no statistics)");
        assertThat(reading.unknown().get(HostDrops.UDP_IN_ERRORS)).contains("net/snmp");
        assertThat(List.copyOf(reading.values().keySet())).isEmpty();
    }

    static String file(String name) {
        try (InputStream in = LinuxDropCountersTest.class.getResourceAsStream("/agent/drops/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
