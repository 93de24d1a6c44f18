package com.burstline.server.hostconfig;

import com.burstline.agent.CapturedHost;
import com.burstline.contract.HostConfig;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What else differs between two groups of runs, on configurations read from captured hosts: the lab veth as it comes
 * and after it was tuned (MTU 9000, GRO on, 2 queues, tcp_autocorking 0).
 */
class ConfigDifferencesTest {
    private static final HostConfig VETH = CapturedHost.linux("linux-veth", "blcf-ta");
    private static final HostConfig TUNED = CapturedHost.linux("linux-veth-tuned", "blcf-ta");
    private static final HostConfig VIRTIO = CapturedHost.linux("linux-virtio", "eth0");
    private final Map<Long, Map<HostRole, ConfigUse>> byRun = new HashMap<>();

    private void run(long id, HostConfig sut, HostConfig peer) {
        Map<HostRole, ConfigUse> uses = new EnumMap<>(HostRole.class);
        uses.put(HostRole.SUT, use(id, HostRole.SUT, sut));
        uses.put(HostRole.PEER, use(id, HostRole.PEER, peer));
        byRun.put(id, uses);
    }

    private static ConfigUse use(long run, HostRole role, HostConfig config) {
        return new ConfigUse(1, run, 1, role, role == HostRole.SUT ? "lab-a" : "lab-b", 1L, config, null, Map.of(),
                Instant.EPOCH, run);
    }

    private ConfigDifferences between(List<Long> base, List<Long> other, Set<String> excluded) {
        return ConfigDifferences.between(new HostConfigs.RunConfigs(byRun), base, "job #1", other, "job #2",
                excluded);
    }

    @Test
    void theTunedSutsSettingsAreTheDifferencesQueuesAndMtuFirst() {
        run(1, VETH, VETH);
        run(2, VETH, VETH);
        run(3, TUNED, VETH);
        run(4, TUNED, VETH);

        ConfigDifferences differences = between(List.of(1L, 2L), List.of(3L, 4L), Set.of());

        assertThat(differences.differences()).extracting(ConfigDifferences.Difference::fact).containsExactly(
                "nic.channels.rx", "nic.channels.tx", "nic.mtu", "nic.offload.gro", "net.ipv4.tcp_autocorking");
        assertThat(differences.differences()).allMatch(d -> d.host().equals("sut"));
        assertThat(differences.differences().get(2).text()).isEqualTo("MTU on the SUT: 1500 (job #1) vs 9000 "
                + "(job #2)");
        assertThat(differences.differences().get(3).text()).isEqualTo("GRO on the SUT: off (job #1) vs on (job #2)");
        assertThat(differences.runsWithoutConfiguration()).isZero();
        assertThat(differences.qualify("job #2 is 3.0% faster than job #1", "job")).isEqualTo("job #2 is 3.0% "
                + "faster than job #1; but the groups also differ in RX queue count on the SUT, TX queue count on "
                + "the SUT, MTU on the SUT and 2 more settings, so this is not the job alone");
    }

    @Test
    void theSameSettingsOnBothSidesAreNoDifferenceAndTheVerdictStandsAlone() {
        run(1, VETH, VETH);
        run(2, VETH, VETH);

        ConfigDifferences differences = between(List.of(1L), List.of(2L), Set.of());

        assertThat(differences.differences()).isEmpty();
        assertThat(differences.qualify("no practical difference", "driver")).isEqualTo("no practical difference");
    }

    @Test
    void bothHostsAreComparedAndWhatIsGroupedByIsLeftOut() {
        run(1, VETH, VETH);
        run(2, TUNED, TUNED);

        ConfigDifferences differences = between(List.of(1L), List.of(2L), Set.of("nic.mtu"));

        assertThat(differences.differences()).extracting(d -> d.fact() + "@" + d.host()).startsWith(
                "nic.channels.rx@sut", "nic.channels.rx@peer").doesNotContain("nic.mtu@sut", "nic.mtu@peer");
        assertThat(differences.qualify("x", "MTU on the SUT")).startsWith("x; but the groups also differ in RX queue "
                + "count on the SUT and the peer, ").endsWith("so this is not the MTU on the SUT alone");
    }

    @Test
    void aFactOneSideCouldNotReadIsNoDifferenceAndRunsWithoutAConfigurationAreCounted() {
        run(1, VIRTIO, VIRTIO);
        run(2, VETH, VETH);

        ConfigDifferences differences = between(List.of(1L, 7L), List.of(2L, 8L, 9L), Set.of());

        // the veth could not read its rings: rings are not named as a difference
        assertThat(differences.differences()).extracting(ConfigDifferences.Difference::fact)
                .noneMatch(fact -> fact.startsWith("nic.rings")).contains("nic.mtu", "nic.driver");
        assertThat(differences.runsWithoutConfiguration()).isEqualTo(3);
    }
}
