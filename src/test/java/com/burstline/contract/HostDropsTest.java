package com.burstline.contract;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A host's drop counts on the wire: read back as written, every name, count and reason bounded. */
class HostDropsTest {

    @Test
    void readsBackAsWrittenAndItsDeltaLeavesOutWhatOneReadingLacksOrWhatWentBack() {
        HostDrops drops = new HostDrops("blev-tb", HostDrops.LINUX,
                Map.of("udp_rcvbuf_errors", 10L, "udp_in_errors", 12L, "rx_dropped", 5L, "nic.rx_queue_0_drops", 3L),
                Map.of("udp_rcvbuf_errors", 141_036L, "udp_in_errors", 141_038L, "rx_dropped", 0L),
                Map.of("udp6_in_errors", "this host has no /proc/net/snmp6 (IPv6 is off)"));

        HostDrops read = HostDrops.fromJson(Json.parseObject(Json.write(drops.toJson())
                .getBytes(StandardCharsets.UTF_8)));

        assertThat(read).isEqualTo(drops);
        assertThat(read.delta()).containsOnly(Map.entry("udp_rcvbuf_errors", 141_026L),
                Map.entry("udp_in_errors", 141_026L));
    }

    @Test
    void whatNoAgentWritesIsRefused() {
        Map<String, Long> tooMany = new LinkedHashMap<>();
        for (int i = 0; i <= HostDrops.MAX_COUNTERS; i++) {
            tooMany.put("nic.rx" + i + "_drops", 0L);
        }
        assertThatThrownBy(() -> new HostDrops("eth0", "linux", tooMany, Map.of(), Map.of()))
                .hasMessageContaining("more than 64 counters");
        assertThatThrownBy(() -> new HostDrops("eth0", "linux", Map.of("Rx Drops; rm", 1L), Map.of(), Map.of()))
                .hasMessageContaining("not a name");
        assertThatThrownBy(() -> new HostDrops("eth0", "linux", Map.of("rx_dropped", -1L), Map.of(), Map.of()))
                .hasMessageContaining("count of 0 or more");
        assertThatThrownBy(() -> new HostDrops("eth0", "linux", Map.of(), Map.of(),
                Map.of("rx_dropped", "x".repeat(301)))).hasMessageContaining("at most 300 characters");
        assertThatThrownBy(() -> new HostDrops("eth0\n", "linux", Map.of(), Map.of(), Map.of()))
                .hasMessageContaining("drops.interface");
        assertThatThrownBy(() -> new HostDrops("eth0", "plan9", Map.of(), Map.of(), Map.of()))
                .hasMessageContaining("linux or windows");
        assertThatThrownBy(() -> HostDrops.fromJson(Map.of("before", Map.of("rx_dropped", 1.5))))
                .hasMessageContaining("drops.before.rx_dropped must be a whole number");
    }

    @Test
    void aServerRoleCarriesItsAttemptSoThePeerCanAnswerItsDropsForIt() {
        ScenarioSpec spec = ScenarioSpec.fromJson(ScenarioSpecTest.valid());
        ServerRoleRequest role = ServerRoleRequest.forScenario(spec, java.time.Duration.ofSeconds(30));

        ServerRoleRequest read = ServerRoleRequest.fromJson(role.toJson());

        assertThat(read).isEqualTo(role);
        assertThat(read.attempt()).isEqualTo(spec.key());
        Map<String, Object> fromAnOlderServer = new LinkedHashMap<>(role.toJson());
        fromAnOlderServer.keySet().removeAll(java.util.List.of("jobId", "scenarioId", "attempt"));
        assertThat(ServerRoleRequest.fromJson(fromAnOlderServer).attempt()).isNull();
    }
}
