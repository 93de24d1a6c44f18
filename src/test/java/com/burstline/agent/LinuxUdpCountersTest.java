package com.burstline.agent;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The UDP drop counters the agent reports with the NIC's, read from this machine's own /proc/net/snmp. */
class LinuxUdpCountersTest {

    @Test
    void readsReceiveBufferErrorsAndInErrorsFromTheKernelsTable() throws Exception {
        Path snmp = Path.of("/proc/net/snmp");
        assertThat(Files.isReadable(snmp)).as("/proc/net/snmp: the build machines are Linux").isTrue();

        var counters = LinuxPlatform.udpCounters(Files.readString(snmp));

        assertThat(counters).containsOnlyKeys("udp_rcvbuf_errors", "udp_in_errors");
        assertThat(counters.get("udp_in_errors")).isGreaterThanOrEqualTo(counters.get("udp_rcvbuf_errors"));
    }

    @Test
    void anythingElseGivesNoCounters() {
        assertThat(LinuxPlatform.udpCounters(null)).isEmpty();
        assertThat(LinuxPlatform.udpCounters("Ip: Forwarding\nIp: 1")).isEmpty();
    }
}
