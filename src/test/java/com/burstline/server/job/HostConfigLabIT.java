package com.burstline.server.job;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Host configuration across the {@link JobLab} {@code blcf} (10.116.0.0/16): real agents in two network namespaces
 * read their own veth, tc and sysctls before each scenario. Three one-scenario jobs on the same link, the second and
 * third after the link's MTU went from 1500 to 9000 on both ends: Compare between the first two lists exactly that
 * difference and qualifies its verdict; between the last two it lists none. The audit of a lab host judges each
 * check by the value the agent found.
 */
class HostConfigLabIT {
    private static final Duration PATIENCE = Duration.ofMinutes(3);

    @TempDir
    static Path workDir;
    private static JobLab lab;
    private static JobApiClient api;
    private static long mtu1500;
    private static long mtu9000;
    private static long mtu9000Again;

    @BeforeAll
    static void runJobsOnTheLab() throws Exception {
        lab = JobLab.start("blcf", "10.116", workDir);
        api = lab.api();
        mtu1500 = job();
        lab.setTestLinkMtu(9000);
        mtu9000 = job();
        mtu9000Again = job();
    }

    @AfterAll
    static void stopLab() throws Exception {
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    void compareListsExactlyTheMtuChangeAndNothingWhenNothingChanged() {
        JsonNode changed = comparison(mtu1500, mtu9000);
        JsonNode unchanged = comparison(mtu9000, mtu9000Again);

        assertThat(changed.get("configuration").get("differences"))
                .extracting(d -> d.get("text").stringValue())
                .containsExactly("MTU on the SUT: 1500 (job #" + mtu1500 + ") vs 9000 (job #" + mtu9000 + ")",
                        "MTU on the peer: 1500 (job #" + mtu1500 + ") vs 9000 (job #" + mtu9000 + ")");
        assertThat(changed.get("verdict").stringValue()).endsWith("; but the groups also differ in MTU on the SUT "
                + "and the peer, so this is not the job alone");
        assertThat(unchanged.get("configuration").get("differences")).isEmpty();
        assertThat(unchanged.get("configuration").get("runsWithoutConfiguration").intValue()).isZero();
        assertThat(unchanged.get("verdict").stringValue()).doesNotContain("differ in");
        System.out.printf("host config lab: %s%n  and without a change: %s%n", changed.get("verdict").stringValue(),
                unchanged.get("verdict").stringValue());
    }

    @Test
    void theAgentsReadTheirNamespacesSettingsAsCatDoes() throws Exception {
        JsonNode hosts = json(api.get("/api/v1/jobs/" + mtu1500 + "/configuration")).get("hosts");
        for (int i = 0; i < 2; i++) {
            String side = i == 0 ? "a" : "b";
            for (String sysctl : List.of("net.ipv4.tcp_rmem", "net.ipv4.tcp_limit_output_bytes",
                    "net.ipv4.tcp_congestion_control", "net.core.rmem_max")) {
                String byCat = lab.catInNamespace(side, "/proc/sys/" + sysctl.replace('.', '/'))
                        .replaceAll("\\s+", " ");
                assertThat(fact(hosts.get(i), sysctl)).as(side + " " + sysctl).isEqualTo(byCat);
            }
            assertThat(fact(hosts.get(i), "nic.mtu")).isEqualTo("1500");
            assertThat(fact(hosts.get(i), "nic.driver")).isEqualTo("veth");
            assertThat(fact(hosts.get(i), "nic.qdisc")).isEqualTo("tbf rate 5Gbit burst 1048125b lat 50ms");
        }
    }

    private static String fact(JsonNode host, String name) {
        for (JsonNode fact : host.get("facts")) {
            if (fact.get("name").stringValue().equals(name)) {
                return fact.get("value").stringValue();
            }
        }
        return null;
    }

    @Test
    void eachAuditVerdictOfALabHostFollowsTheValueFound() {
        JsonNode hosts = json(api.get("/api/v1/jobs/" + mtu9000 + "/configuration")).get("hosts");
        assertThat(hosts).extracting(host -> host.get("role").stringValue() + " " + host.get("agent").stringValue()
                + " " + host.get("interfaceName").stringValue()).containsExactly("sut lab-a blcf-ta",
                "peer lab-b blcf-tb");

        for (JsonNode host : hosts) {
            for (JsonNode row : host.get("audit")) {
                String id = row.get("id").stringValue();
                String value = row.get("value").stringValue(null);
                String verdict = row.get("verdict").stringValue();
                System.out.printf("audit %s %s: %s -> %s (%s)%n", host.get("agent").stringValue(), id, value,
                        verdict, row.get("note").stringValue(null));
                assertThat(verdict).as(id + " = " + value).isEqualTo(expected(id, value));
            }
            assertThat(host.get("audit")).extracting(row -> row.get("id").stringValue())
                    .contains("mtu", "bql", "tcp-limit-output-bytes", "tcp-autocorking", "tx-ring", "queues");
        }
    }

    /** The verdict the vendor's thresholds give the value found, worked out here from the advice's own numbers. */
    private static String expected(String id, String value) {
        if (value == null) {
            return id.equals("srd-metrics") ? "warn" : "unknown";
        }
        long[] numbers = java.util.Arrays.stream(value.split("[ /]+")).filter(v -> v.matches("\\d+"))
                .mapToLong(Long::parseLong).toArray();
        return switch (id) {
            case "mtu" -> numbers[0] >= 8800 && numbers[0] <= 8900 ? "pass" : "warn";
            case "tcp-limit-output-bytes" -> numbers[0] >= 1_048_576 ? "pass" : "warn";
            case "bql" -> value.equals("off") || value.equals("none") ? "pass" : "warn";
            case "tcp-autocorking", "hystart-detect" -> value.equals("0") ? "pass" : "warn";
            case "tcp-rmem", "tcp-wmem", "rmem-max", "wmem-max" -> numbers[numbers.length - 1] >= 8_388_608
                    ? "pass" : "warn";
            case "rmem-default", "wmem-default" -> numbers[0] >= 4_194_304 ? "pass" : "warn";
            case "congestion-control" -> value.equals("cubic") ? "pass" : "warn";
            // a veth has 1 of its 2 RX channels in use
            case "queues" -> value.equals("2") ? "pass" : "warn";
            case "adaptive-rx" -> value.equals("on") ? "pass" : "warn";
            case "busy-poll" -> "info";
            default -> throw new AssertionError("a check this test does not know: " + id + " = " + value);
        };
    }

    private static JsonNode comparison(long baseline, long other) {
        JsonNode compared = json(api.get("/api/v1/compare?groupBy=job&job=" + baseline + "&job=" + other));
        assertThat(compared.get("scenarios")).hasSize(1);
        return compared.get("scenarios").get(0).get("comparison");
    }

    private static long job() {
        var created = api.createJob("""
                {"sut": "lab-a", "peer": "lab-b", "scenarios": [
                  {"protocol": "TCP", "direction": "upload", "durationSeconds": 2, "intervalSeconds": 1}]}""");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long jobId = json(created).get("id").longValue();
        JsonNode job = Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                j -> !List.of("QUEUED", "RUNNING").contains(j.get("status").stringValue()));
        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        return jobId;
    }
}
