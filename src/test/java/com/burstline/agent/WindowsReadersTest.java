package com.burstline.agent;

import com.burstline.contract.EnaCounters;
import com.burstline.contract.HostFacts;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Windows readers on the output shapes Microsoft and AWS document (src/test/resources/windows/README.md says
 * where each comes from), per adapter: on a host with two ENA adapters, the route's adapter is found by its interface
 * index and only its own "ENA Packets Shaping" instance is read, never the sum of both.
 */
class WindowsReadersTest {
    private final List<String> commands = new ArrayList<>();

    @Test
    void theRouteAdapterIsFoundByItsIndexAndItsDriverIsTheRunsDriver() {
        WindowsPlatform windows = new WindowsPlatform(command -> {
            commands.add(command);
            return command.startsWith("$index = (Find-NetRoute") ? fixture("route-second-ena.json")
                    : command.startsWith("Get-NetAdapter |") ? fixture("adapters-two-ena.json") : null;
        });
        FactsCollector facts = new FactsCollector(windows, "iperf3", null, null, List.of("engine"));

        HostFacts forPeer = facts.collectFor("10.0.1.7");

        assertThat(forPeer.routeInterface()).isEqualTo("Ethernet 3");
        assertThat(forPeer.routeNic().driverLabel()).isEqualTo("Amazon Elastic Network Adapter 2.6.0.0");
        assertThat(forPeer.routeNic().speedMbps()).isEqualTo(25_000L);
        assertThat(commands).anyMatch(command -> command.contains("Find-NetRoute -RemoteIPAddress '10.0.1.7'")
                && command.contains("Get-NetAdapter -InterfaceIndex $index"));
    }

    @Test
    void theSecondEnaAdapterReadsItsOwnInstanceOnly() {
        Map<String, Long> counters = EnaShapingCounters.ofAdapter(fixture("ena-shaping-two-adapters.json"));

        assertThat(counters).containsExactlyInAnyOrderEntriesOf(Map.of(EnaCounters.BW_IN, 2101L,
                EnaCounters.BW_OUT, 2202L, EnaCounters.CONNTRACK, 0L, EnaCounters.LINKLOCAL, 0L,
                EnaCounters.PPS, 2305L));
    }

    @Test
    void theFirstEnaAdapterReadsInstanceOne() {
        String firstAdapter = fixture("ena-shaping-two-adapters.json")
                .replace("\"Adapter\":\"Amazon Elastic Network Adapter #2\"", "\"Adapter\":\"Amazon Elastic Network Adapter\"");

        assertThat(EnaShapingCounters.ofAdapter(firstAdapter)).containsEntry(EnaCounters.BW_IN, 11L)
                .containsEntry(EnaCounters.PPS, 15L).hasSize(5);
    }

    @Test
    void aHostWithOneEnaAdapterReadsItsOneInstance() {
        assertThat(EnaShapingCounters.ofAdapter(fixture("ena-shaping-one-adapter.json")))
                .containsEntry(EnaCounters.PPS, 42L).containsEntry(EnaCounters.BW_IN, 7L).hasSize(5);
    }

    @Test
    void anotherAdapterOrAMissingInstanceHasNoEnaCounters() {
        String hyperV = fixture("ena-shaping-two-adapters.json").replace("Amazon Elastic Network Adapter #2",
                "Hyper-V Virtual Ethernet Adapter");
        String third = fixture("ena-shaping-two-adapters.json").replace("Adapter #2", "Adapter #3");

        assertThat(EnaShapingCounters.ofAdapter(hyperV)).isEmpty();
        assertThat(EnaShapingCounters.ofAdapter(third)).as("never another adapter's, never the sum").isEmpty();
        assertThat(EnaShapingCounters.ofAdapter(null)).isEmpty();
        assertThat(EnaShapingCounters.ofAdapter("Get-Counter : The specified object was not found")).isEmpty();
    }

    @Test
    void theCountersAreAskedForTheAdapterByItsNameAsOneLiteral() {
        WindowsPlatform windows = new WindowsPlatform(command -> {
            commands.add(command);
            return fixture("ena-shaping-two-adapters.json");
        });

        assertThat(windows.allowanceCounters("Ethernet 3 'x'")).containsEntry(EnaCounters.PPS, 2305L);
        assertThat(commands).singleElement().asString()
                .contains("Get-NetAdapter -Name 'Ethernet 3 ''x'''", "'\\ENA Packets Shaping(*)\\*'");
    }

    @Test
    void anUnknownRouteIsNoInterface() {
        WindowsPlatform windows = new WindowsPlatform(command -> null);

        assertThat(windows.routeInterface("10.0.1.7")).isNull();
        assertThat(WindowsRouteAdapter.name("[]")).isNull();
    }

    private static String fixture(String name) {
        try {
            return Files.readString(Path.of("src/test/resources/windows", name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
