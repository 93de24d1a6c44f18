package com.burstline.server.report;

import com.burstline.iperf.Samples;
import com.burstline.server.job.AgentResult;
import com.burstline.server.job.JobMadeRuns;
import com.burstline.server.run.ApiClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static com.burstline.server.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report and the CSV exports over real HTTP: the seed's six iperf3 3.12 runs uploaded (real output), and runs a
 * job made, posted as its agent's results with the host's facts and the agent's iperf3 command line.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReportApiTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> SEED = List.of("tcp-1-upload", "tcp-4-upload", "tcp-1-download",
            "tcp-4-download", "udp-1g-upload", "udp-5g-upload");

    @TempDir
    static Path dataDir;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.api-token", () -> ApiClient.TOKEN);
        registry.add("burstline.agent-token", () -> JobMadeRuns.AGENT_TOKEN);
    }

    @LocalServerPort
    int port;
    ApiClient api;

    @BeforeEach
    void client() {
        api = new ApiClient(port);
    }

    @Test
    void reportOfTheSeedRunsHasTheSixRowsWithTheSummariesFigures() {
        Map<String, JsonNode> runs = new LinkedHashMap<>();
        for (String name : SEED) {
            runs.put(name, upload("iperf3-312-" + name + ".json", "?instanceType=t4g.large&sut=arm-a&peer=arm-b"
                    + "&driver=ENA%20ARM64%202.2.1.65&tag=seed"));
        }

        var response = api.get("/api/v1/reports?tag=seed");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/markdown");
        String report = response.body();
        assertThat(report).contains("## Test Environment", "| Instance type | t4g.large |",
                "| Driver | ENA ARM64 2.2.1.65 |", "| Peer | arm-b |", "| Tool version | iperf3 3.12 |",
                "## TCP Throughput", "| Scenario | Direction | Throughput | Retransmits |",
                "## UDP Throughput", "| Scenario | Direction | Throughput | Packet Loss | Jitter |",
                "## Analysis", "## Charts", "](/reports?tag=seed)");
        List<String> rows = tableRows(report);
        assertThat(rows).containsExactly(
                tcpRow("TCP 1 stream", "Upload", runs.get("tcp-1-upload")),
                tcpRow("TCP 1 stream", "Download", runs.get("tcp-1-download")),
                tcpRow("TCP 4 streams", "Upload", runs.get("tcp-4-upload")),
                tcpRow("TCP 4 streams", "Download", runs.get("tcp-4-download")),
                udpRow("UDP 1 Gbit/s", runs.get("udp-1g-upload")),
                udpRow("UDP 5 Gbit/s", runs.get("udp-5g-upload")));
        assertThat(rows.get(0)).isEqualTo("| TCP 1 stream | Upload | 4.78 Gbit/s | 0 |");
        assertThat(report).contains("iperf3 -c arm-b -P 4 -R -t 5 --get-server-output -J",
                "iperf3 -c arm-b -u -b 5G -t 5 --get-server-output -J",
                "iperf3 -s -1");
        // the 3.12 UDP runs lost 46-48%: that is the finding, not "sender-limited" (issue 11)
        assertThat(report).contains("**packet-loss**", "The receiver lost 46.5% of the datagrams")
                .doesNotContain("**sender-limited**");
    }

    @Test
    void reportOfAJobUsesTheHostsFactsAndTheAgentsCommandsAndMixesWithUploads() {
        JobMadeRuns.Measured job;
        try (JobMadeRuns jobs = new JobMadeRuns(port, ApiClient.TOKEN)) {
            job = jobs.measure("""
                    {"sut": "rep-sut", "peer": "rep-peer", "tags": ["mixed"], "scenarios": [
                      {"protocol": "TCP", "streams": 4, "durationSeconds": 5, "intervalSeconds": 1},
                      {"protocol": "UDP", "durationSeconds": 5, "intervalSeconds": 1,
                       "targetBitsPerSecond": 1000000000}]}""",
                    agentResult("iperf3-318-tcp-4-upload.json", "5203", "-P", "4", "-J"),
                    agentResult("iperf3-318-udp-1g-upload.json", "5204", "-P", "1", "-u", "-b", "1000000000",
                            "-J"));
        }
        JsonNode tcp = JSON.readTree(api.get("/api/v1/runs/" + job.runIds().get(0)).body());
        JsonNode udp = JSON.readTree(api.get("/api/v1/runs/" + job.runIds().get(1)).body());
        upload("iperf3-318-tcp-4-download.json", "?instanceType=t4g.large&sut=arm-a&peer=arm-b"
                + "&driver=ENA%20ARM64%202.2.1.65&tag=mixed");

        var response = api.get("/api/v1/reports?job=" + job.jobId());
        var mixed = api.get("/api/v1/reports?tag=mixed&groupBy=tag");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        String report = response.body();
        assertThat(report).contains("from 2 runs.", "| Instance type | t4g.large |",
                "| OS | Linux 6.1.0-28-cloud-arm64 |", "| Driver | ena 2.13.0 |", "| Link speed | 25 Gbit/s |",
                "| System under test | rep-sut |", "| Peer | rep-peer |", "| Tool version | iperf3 3.18 |");
        assertThat(tableRows(report)).containsExactly(tcpRow("TCP 4 streams", "Upload", tcp),
                udpRow("UDP 1 Gbit/s", udp));
        assertThat(report).contains("iperf3 -s -p 5203 -1    # on rep-peer",
                "/usr/bin/iperf3 -c 10.77.0.2 -p 5203 -t 5 -i 1.0 -P 4 -J\n",
                "/usr/bin/iperf3 -c 10.77.0.2 -p 5204 -t 5 -i 1.0 -P 1 -u -b 1000000000 -J\n")
                .doesNotContain("iperf3 -c rep-peer");
        assertThat(mixed.body()).contains("from 3 runs.", "| OS | Linux 6.1.0-28-cloud-arm64 |",
                "| Driver | ENA ARM64 2.2.1.65, ena 2.13.0 |", "| System under test | arm-a, rep-sut |",
                "/usr/bin/iperf3 -c 10.77.0.2 -p 5203", "iperf3 -c arm-b -P 4 -R -t 5 --get-server-output -J",
                "iperf3 -s -1    # on arm-b");
        assertProblem(api.get("/api/v1/reports?job=" + (job.jobId() + 1000)), 400, "matches no runs");
    }

    /** The facts a real agent sends from an ENA host, with the argument list it builds for the scenario. */
    private static AgentResult agentResult(String sample, String port, String... options) {
        List<String> command = new ArrayList<>(List.of("/usr/bin/iperf3", "-c", "10.77.0.2", "-p", port, "-t", "5",
                "-i", "1.0"));
        command.addAll(List.of(options));
        return AgentResult.of(sample).withCommand(command.toArray(String[]::new)).withFacts("""
                {"osName": "Linux", "osVersion": "6.1.0-28-cloud-arm64", "arch": "aarch64", "cpus": 2,
                 "javaVersion": "17.0.15", "iperf3Path": "/usr/bin/iperf3", "iperf3Version": "3.18",
                 "instanceType": "t4g.large", "routeInterface": "ens5",
                 "interfaces": [{"name": "lo", "driver": null, "driverVersion": null, "speedMbps": null,
                                 "addresses": ["127.0.0.1"], "mtu": 65536},
                                {"name": "ens5", "driver": "ena", "driverVersion": "2.13.0", "firmwareVersion": null,
                                 "speedMbps": 25000, "addresses": ["10.77.0.1"], "mtu": 9001}]}""");
    }

    @Test
    void csvExportsQuoteFieldsSoADriverWithCommaAndQuotesRoundTrips() {
        String driver = "a,\"b\"";
        JsonNode run = upload("iperf3-318-tcp-1-download.json", "?tag=csv&driver=a%2C%22b%22");

        var runsCsv = api.get("/api/v1/export/runs.csv?tag=csv");
        var intervalsCsv = api.get("/api/v1/export/intervals.csv?tag=csv");

        assertThat(runsCsv.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/csv");
        List<List<String>> lines = parseCsv(runsCsv.body());
        assertThat(lines).hasSize(2);
        Map<String, String> record = record(lines.get(0), lines.get(1));
        assertThat(record.get("driver")).isEqualTo(driver);
        assertThat(record.get("id")).isEqualTo(Long.toString(run.get("id").longValue()));
        assertThat(Double.parseDouble(record.get("receivedBitsPerSecond")))
                .isEqualTo(run.get("receivedBitsPerSecond").doubleValue());
        assertThat(runsCsv.body()).contains("\"a,\"\"b\"\"\"");

        JsonNode intervals = JSON.readTree(api.get("/api/v1/runs/" + run.get("id").longValue() + "/intervals").body());
        List<List<String>> intervalLines = parseCsv(intervalsCsv.body());
        assertThat(intervalLines).hasSize(intervals.size() + 1);
        Map<String, String> first = record(intervalLines.get(0), intervalLines.get(1));
        assertThat(Long.parseLong(first.get("bytes"))).isEqualTo(intervals.get(0).get("bytes").longValue());
        assertThat(first.get("stream")).isEqualTo(intervals.get(0).get("stream").stringValue());
    }

    @Test
    void aBidirRunKeepsItsDownloadDirectionOnARowOfItsOwn() {
        long id = upload("iperf3-312-tcp-1-bidir-server-lab.json", "?instanceType=t4g.large&sut=bidir-a").get("id")
                .longValue();

        String report = api.get("/api/v1/reports?run=" + id).body();

        // upload 4.62 Gbit/s, download 4.59 Gbit/s received: each direction under the 5 Gbit/s shaper, not 9.25
        assertThat(report).containsPattern("\\| TCP 1 stream \\| Bidir: upload \\| 4\\.6\\d Gbit/s \\|")
                .containsPattern("\\| TCP 1 stream \\| Bidir: download \\| 4\\.[56]\\d Gbit/s \\|");
    }

    @Test
    void emptyOrBadSelectionsAreProblemDetails() {
        assertProblem(api.get("/api/v1/reports?driver=no-such-driver"), 400, "matches no runs");
        assertProblem(api.get("/api/v1/reports?groupBy=colour"), 400, "groupBy must be one of");
        assertProblem(api.get("/api/v1/export/runs.csv?run=x"), 400, "'x'");
        assertProblem(api.get("/api/v1/export/intervals.csv?protocol=sctp"), 400, "protocol must be TCP or UDP");
    }

    private JsonNode upload(String sample, String query) {
        var response = api.upload(Samples.bytes(sample), "application/json", query);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return JSON.readTree(response.body());
    }

    /** The report's format, written out here independently: two decimals in Gbit/s or Mbit/s. */
    private static String rate(double bitsPerSecond) {
        return bitsPerSecond >= 1e9 ? String.format(Locale.ROOT, "%.2f Gbit/s", bitsPerSecond / 1e9)
                : String.format(Locale.ROOT, "%.2f Mbit/s", bitsPerSecond / 1e6);
    }

    private static String tcpRow(String scenario, String direction, JsonNode run) {
        return "| " + scenario + " | " + direction + " | " + rate(run.get("receivedBitsPerSecond").doubleValue())
                + " | " + run.get("retransmits").longValue() + " |";
    }

    private static String udpRow(String scenario, JsonNode run) {
        return "| " + scenario + " | Upload | " + rate(run.get("receivedBitsPerSecond").doubleValue()) + " | "
                + String.format(Locale.ROOT, "%.2f%%", run.get("lostPercent").doubleValue()) + " | "
                + String.format(Locale.ROOT, "%.3f ms", run.get("jitterMs").doubleValue()) + " |";
    }

    private static List<String> tableRows(String markdown) {
        return markdown.lines().filter(line -> line.startsWith("| TCP ") || line.startsWith("| UDP ")).toList();
    }

    private static Map<String, String> record(List<String> header, List<String> values) {
        Map<String, String> record = new LinkedHashMap<>();
        for (int i = 0; i < header.size(); i++) {
            record.put(header.get(i), values.get(i));
        }
        return record;
    }

    /** RFC 4180 as a spreadsheet reads it: quoted fields may hold commas, doubled quotes and line breaks. */
    private static List<List<String>> parseCsv(String text) {
        List<List<String>> lines = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == '\n') {
                fields.add(field.toString().replace("\r", ""));
                field.setLength(0);
                lines.add(fields);
                fields = new ArrayList<>();
            } else {
                field.append(c);
            }
        }
        return lines;
    }
}
