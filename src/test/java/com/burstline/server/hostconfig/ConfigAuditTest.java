package com.burstline.server.hostconfig;

import com.burstline.agent.CapturedHost;
import com.burstline.contract.HostConfig;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The audit against the vendor's advice on configurations read from captured hosts (src/test/resources/hostconfig):
 * each check's verdict follows from the value found and the advice's threshold.
 */
class ConfigAuditTest {
    private final ConfigAudit audit = new ConfigAudit(new VendorAdvice());

    private Map<String, ConfigAudit.Row> rows(HostConfig config) {
        return audit.audit(config).stream().collect(Collectors.toMap(ConfigAudit.Row::id, row -> row));
    }

    @Test
    void aVirtioHostIsJudgedCheckByCheckAgainstAwssThresholds() {
        Map<String, ConfigAudit.Row> rows = rows(CapturedHost.linux("linux-virtio", "eth0"));

        assertVerdict(rows, "mtu", "1400", "warn");
        assertThat(rows.get("mtu").note()).isEqualTo("under 8800");
        assertVerdict(rows, "tcp-limit-output-bytes", "4194304", "pass");
        assertVerdict(rows, "bql", "on", "warn");
        assertVerdict(rows, "tcp-autocorking", "1", "warn");
        // 256 is this NIC's maximum: the checker asks for min(1024, maximum)
        assertVerdict(rows, "tx-ring", "256", "pass");
        assertThat(rows.get("tx-ring").note()).isEqualTo("the NIC's maximum is 256");
        assertVerdict(rows, "rx-ring", "256", "pass");
        assertVerdict(rows, "tcp-rmem", "4096 131072 33554432", "pass");
        assertVerdict(rows, "tcp-wmem", "4096 16384 4194304", "warn");
        assertVerdict(rows, "rmem-max", "4194304", "warn");
        assertVerdict(rows, "rmem-default", "212992", "warn");
        assertVerdict(rows, "congestion-control", "bbr", "warn");
        assertVerdict(rows, "hystart-detect", "3", "warn");
        assertVerdict(rows, "adaptive-rx", "off", "warn");
        assertVerdict(rows, "queues", "1", "pass");
        assertThat(rows.get("queues").note()).isEqualTo("1 of 1");
        assertVerdict(rows, "busy-poll", "0 / 0", "info");
        // ENA-only checks do not apply to a virtio NIC
        assertThat(rows).doesNotContainKeys("large-llq", "srd-metrics", "mtu-windows");
        assertThat(rows.get("mtu").source()).contains("check-ena-express-settings.sh");
        assertThat(rows.get("mtu").sourceUrl()).startsWith("https://github.com/amzn/amzn-ec2-ena-utilities/");
    }

    @Test
    void whatAVethCannotTellIsUnknownWithTheReason() {
        Map<String, ConfigAudit.Row> rows = rows(CapturedHost.linux("linux-veth", "blcf-ta"));

        assertVerdict(rows, "tx-ring", null, "unknown");
        assertThat(rows.get("tx-ring").note()).isEqualTo("ethtool -g: netlink error: Operation not supported");
        assertVerdict(rows, "adaptive-rx", null, "unknown");
        assertThat(rows.get("adaptive-rx").note()).isEqualTo("ethtool -c: netlink error: Operation not supported");
        assertVerdict(rows, "busy-poll", null, "unknown");
        assertThat(rows.get("busy-poll").note()).isEqualTo("/proc/sys/net/core/busy_poll: no such file");
        // a veth has no BQL at all, which is what the checker wants
        assertVerdict(rows, "bql", "none", "pass");
        // a veth offers 2 RX channels and uses 1
        assertVerdict(rows, "queues", "1", "warn");
        assertThat(rows.get("queues").note()).isEqualTo("1 of 2");
        assertVerdict(rows, "mtu", "1500", "warn");
    }

    @Test
    void tuningTheVethMovesExactlyTheChecksItTouched() {
        Map<String, ConfigAudit.Row> before = rows(CapturedHost.linux("linux-veth", "blcf-ta"));
        Map<String, ConfigAudit.Row> after = rows(CapturedHost.linux("linux-veth-tuned", "blcf-ta"));

        List<String> moved = before.keySet().stream()
                .filter(id -> !before.get(id).verdict().equals(after.get(id).verdict())).sorted().toList();
        assertThat(moved).containsExactly("queues", "tcp-autocorking");
        assertVerdict(after, "mtu", "9000", "warn");
        assertThat(after.get("mtu").note()).isEqualTo("over 8900");
    }

    @Test
    void aWindowsEnaHostHasItsOwnChecks() {
        Map<String, ConfigAudit.Row> rows = rows(CapturedHost.windows("ena-adapter.json"));

        assertThat(rows.keySet()).containsExactlyInAnyOrder("mtu-windows", "driver-windows");
        assertVerdict(rows, "mtu-windows", "9001", "warn");
        assertVerdict(rows, "driver-windows", "2.6.0.0", "pass");
    }

    @Test
    void versionsCompareNumberByNumber() {
        assertThat(AuditRules.version("2.6.0.0", "2.2.9")).isTrue();
        assertThat(AuditRules.version("2.2.10", "2.2.9")).isTrue();
        assertThat(AuditRules.version("2.11.0g", "2.8")).isTrue();
        assertThat(AuditRules.version("2.2.8", "2.2.9")).isFalse();
    }

    private static void assertVerdict(Map<String, ConfigAudit.Row> rows, String id, String value, String verdict) {
        assertThat(rows).containsKey(id);
        assertThat(rows.get(id).value()).as(id).isEqualTo(value);
        assertThat(rows.get(id).verdict()).as(id + " " + value).isEqualTo(verdict);
    }
}
