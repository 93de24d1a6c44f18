package com.burstline.agent;

import com.burstline.contract.HostDrops;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Windows drop readers on the documented output shapes (src/test/resources/agent/README.md, windows/), read as the
 * agent reads PowerShell's JSON ({@link WindowsPlatform#objects}).
 */
class WindowsDropCountersTest {

    @Test
    void getCountersUdpSamplesAreTheUdpInputErrorsOfBothFamilies() {
        DropReading udp = WindowsDropCounters.udp(WindowsPlatform.objects(
                LinuxDropCountersTest.file("windows/get-counter-udp.json")));

        assertThat(udp.values()).containsEntry(HostDrops.UDP_IN_ERRORS, 41_230L)
                .containsEntry(HostDrops.UDP6_IN_ERRORS, 0L);
        assertThat(udp.unknown().get(HostDrops.UDP_RCVBUF_ERRORS)).contains("Windows counts no receive-buffer errors");
    }

    @Test
    void theAdaptersDiscardsAndErrorsAreItsRxDropsAndErrors() {
        DropReading adapter = WindowsDropCounters.adapter(WindowsPlatform.objects(
                LinuxDropCountersTest.file("windows/get-netadapterstatistics.json")), "Ethernet");

        assertThat(adapter.values()).containsEntry(HostDrops.RX_DROPPED, 12L).containsEntry(HostDrops.RX_ERRORS, 0L);
        assertThat(adapter.unknown()).containsOnlyKeys("nic.rx");
    }

    @Test
    void aWindowsWhoseCountersCouldNotBeReadSaysWhy() {
        DropReading udp = WindowsDropCounters.udp(WindowsPlatform.objects(null));
        DropReading adapter = WindowsDropCounters.adapter(WindowsPlatform.objects(""), "Ethernet 2");

        assertThat(udp.values()).isEmpty();
        assertThat(udp.unknown().get(HostDrops.UDP_IN_ERRORS)).contains("UDPv4", "another language");
        assertThat(adapter.unknown().get(HostDrops.RX_DROPPED)).contains("Ethernet 2");
    }

    @Test
    void theAdaptersAliasReachesPowerShellOnlyAsAQuotedLiteral() {
        assertThat(WindowsDropCounters.adapterScript("'Ethernet ''2'''"))
                .startsWith("Get-NetAdapterStatistics -Name 'Ethernet ''2''' | Select-Object");
    }
}
