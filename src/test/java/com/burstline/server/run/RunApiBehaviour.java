package com.burstline.server.run;

import com.burstline.iperf.Samples;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayInputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

import static com.burstline.server.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runs API over real HTTP against the real server. Subclasses choose the database: the same behaviour must hold
 * on the embedded H2 default ({@link RunApiTest}) and on PostgreSQL ({@link RunApiPostgresIT}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
abstract class RunApiBehaviour {
    private static final String JSON_TYPE = "application/json";
    private static final String NDJSON_TYPE = "application/x-ndjson";
    static final int UPLOAD_LIMIT = 32 * 1024;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    static Path dataDir;

    @DynamicPropertySource
    static void commonProperties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.api-token", () -> ApiClient.TOKEN);
        registry.add("burstline.max-upload-size", () -> UPLOAD_LIMIT + "B");
    }

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    ApiClient api;

    @BeforeEach
    void client() {
        api = new ApiClient(port);
    }

    @Test
    void uploadOfJsonOutputCreatesARunWithIperf3sFiguresAndTheCatalogLimits() {
        var response = api.upload(Samples.bytes("iperf3-312-tcp-1-upload.json"), JSON_TYPE,
                "?sut=vm-a&peer=vm-b&instanceType=t4g.large&driver=ENA%20ARM64%202.2.1.65&tag=seed&tag=arm");

        assertThat(response.statusCode()).isEqualTo(201);
        JsonNode run = JSON.readTree(response.body());
        assertThat(response.headers().firstValue("Location")).hasValue("/api/v1/runs/" + run.get("id").longValue());
        assertThat(run.get("receivedBitsPerSecond").doubleValue()).isEqualTo(4780696044.910457);
        assertThat(run.get("sentBitsPerSecond").doubleValue()).isEqualTo(4787525127.067758);
        assertThat(run.get("burstLimitBitsPerSecond").doubleValue()).isEqualTo(5e9);
        assertThat(run.get("baselineBitsPerSecond").doubleValue()).isEqualTo(512e6);
        assertThat(run.get("shareOfBurstLimit").doubleValue()).isEqualTo(4780696044.910457 / 5e9 * 100);
        assertThat(run.get("direction").stringValue()).isEqualTo("upload");
        assertThat(run.get("protocol").stringValue()).isEqualTo("TCP");
        assertThat(run.get("toolVersion").stringValue()).isEqualTo("3.12");
        assertThat(run.get("startedAt").stringValue()).isEqualTo("2026-11-30T09:17:49Z");
        assertThat(run.get("driver").stringValue()).isEqualTo("ENA ARM64 2.2.1.65");
        assertThat(run.get("tags").toString()).isEqualTo("[\"arm\",\"seed\"]");
        assertThat(run.get("retransmits").longValue()).isZero();
    }

    @Test
    void theRunNamesThePeersToolWhenTheClientsOutputCarriesTheServersReport() {
        JsonNode json = upload("iperf3-312-tcp-1-upload-server-lab.json", "?tag=peer-json");
        JsonNode text = upload("iperf3-312-tcp-1-upload-server-text-loopback.json", "?tag=peer-text");
        JsonNode none = upload("iperf3-318-tcp-1-upload.json", "?tag=peer-none");

        assertThat(json.get("peerTool").stringValue()).isEqualTo("iperf3");
        assertThat(json.get("peerToolVersion").stringValue()).isEqualTo("3.12");
        assertThat(text.get("peerTool").stringValue()).isEqualTo("iperf3");
        assertThat(text.get("peerToolVersion").isNull()).as("a server's text names no version").isTrue();
        assertThat(none.get("peerTool").isNull()).isTrue();
        assertThat(none.get("peerToolVersion").isNull()).isTrue();
        JsonNode stored = JSON.readTree(api.get("/api/v1/runs/" + json.get("id").longValue()).body());
        assertThat(stored.get("peerTool").stringValue()).isEqualTo("iperf3");
        assertThat(stored.get("peerToolVersion").stringValue()).isEqualTo("3.12");
    }

    @Test
    void udpOfIperf3Before311IsStoredWithTheSendersRateAndNoReceivedRate() {
        // before: 400 "end.sum_sent must be an object"
        JsonNode run = upload("iperf3-39-udp-100m-upload-loopback.json", "?tag=udp-39&instanceType=t4g.large");

        assertThat(run.get("sentBitsPerSecond").doubleValue()).isEqualTo(100003485.8448799);
        assertThat(run.get("receivedBitsPerSecond").isNull()).as("unknown, not 0").isTrue();
        assertThat(run.get("shareOfBurstLimit").isNull()).isTrue();
        assertThat(run.get("lostPercent").doubleValue()).isEqualTo(1.834862385321101);
        assertThat(run.get("jitterMs").doubleValue()).isEqualTo(0.008706337994899664);
        assertThat(run.get("side").stringValue()).isEqualTo("client");
        JsonNode stored = JSON.readTree(api.get("/api/v1/runs/" + run.get("id").longValue()).body());
        assertThat(stored.get("receivedBitsPerSecond").isNull()).isTrue();
        assertThat(stored.get("sentBitsPerSecond").doubleValue()).isEqualTo(100003485.8448799);
    }

    @Test
    void bidirOfIperf39IsStoredWithBothDirectionsAndOtherRepeatedKeysStay400() {
        // before: 400 "intervals[0] repeats the key sum"
        JsonNode run = upload("iperf3-39-tcp-1-bidir-loopback.json", "?tag=bidir-39");

        assertThat(run.get("direction").stringValue()).isEqualTo("bidir");
        assertThat(run.get("sentBitsPerSecond").doubleValue()).isEqualTo(100134351.7526435);
        assertThat(run.get("receivedBitsPerSecond").doubleValue()).isEqualTo(98206211.5504751);
        assertThat(run.get("reverseSentBitsPerSecond").doubleValue()).isEqualTo(102231406.23960985);
        assertThat(run.get("reverseReceivedBitsPerSecond").doubleValue()).isEqualTo(100262886.1379196);
        JsonNode intervals = JSON.readTree(api.get("/api/v1/runs/" + run.get("id").longValue() + "/intervals")
                .body());
        assertThat(intervals.size()).isEqualTo(2 * (2 + 2)); // two intervals: two streams and a sum per direction

        String third = new String(Samples.bytes("iperf3-39-tcp-1-bidir-loopback.json"), StandardCharsets.UTF_8)
                .replaceFirst("\"cpu_utilization_percent\":", "\"sum_sent\": {\"bytes\": 0}, "
                        + "\"cpu_utilization_percent\":");
        StoredRows before = StoredRows.count(jdbc);
        assertProblem(api.upload(third.getBytes(StandardCharsets.UTF_8), JSON_TYPE, "?tag=third"), 400,
                "end repeats the key \"sum_sent\"");
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
    }

    @Test
    void aServersOutputIsStoredAsTheServerSawItWithUnknownFiguresNull() {
        // before: an upload that sent 0 bit/s
        JsonNode run = upload("iperf3-322-tcp-1-upload-server-side-loopback.json", "?tag=server-side");

        assertThat(run.get("side").stringValue()).isEqualTo("server");
        assertThat(run.get("direction").stringValue()).isEqualTo("upload");
        assertThat(run.get("sentBitsPerSecond").isNull()).isTrue();
        assertThat(run.get("retransmits").isNull()).isTrue();
        assertThat(run.get("remoteCpuPercent").isNull()).isTrue();
        assertThat(run.get("receivedBitsPerSecond").doubleValue()).isEqualTo(100042117.20948263);
        assertThat(run.get("hostCpuPercent").doubleValue()).isEqualTo(0.46874250731286266);
    }

    @Test
    void anOutputInWhichIperf3MeasuredNothingIs422AndStoresNothing() {
        // before: 400 "Not iperf3 output"; the real interrupted output without the error line iperf3 added
        String silent = new String(Samples.bytes("iperf3-39-tcp-interrupted-before-test-error-loopback.json"),
                StandardCharsets.UTF_8).replaceFirst(",\\s*\"error\":\\s*\"[^\"]*\"", "");
        StoredRows before = StoredRows.count(jdbc);

        var response = api.upload(silent.getBytes(StandardCharsets.UTF_8), JSON_TYPE, "?tag=nothing");

        assertProblem(response, 422, "no test_start and no interval");
        JsonNode problem = JSON.readTree(response.body());
        assertThat(problem.get("title").stringValue()).isEqualTo("iperf3 measured nothing");
        assertThat(problem.get("type").stringValue()).endsWith("iperf3-measured-nothing");
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
    }

    private JsonNode upload(String sample, String query) {
        var response = api.upload(Samples.bytes(sample), JSON_TYPE, query);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return JSON.readTree(response.body());
    }

    @Test
    void sameBytesWithTheSameLabelsAgainAnswer200WithTheSameRunAndStoreNothingNew() {
        byte[] output = Samples.bytes("iperf3-318-tcp-4-upload.json");
        var first = api.upload(output, JSON_TYPE, "");
        StoredRows before = StoredRows.count(jdbc);

        var second = api.upload(output, JSON_TYPE, "");

        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(second.body()).get("id")).isEqualTo(JSON.readTree(first.body()).get("id"));
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
    }

    @Test
    void jsonStreamUploadIsStoredWithEveryIntervalAndItsRawBytesComeBackUnchanged() {
        byte[] output = Samples.bytes("iperf3-318-tcp-4-download-stream.json");
        var created = api.upload(output, NDJSON_TYPE, "?instanceType=m7g.large");
        assertThat(created.statusCode()).isEqualTo(201);
        long id = JSON.readTree(created.body()).get("id").longValue();

        HttpResponse<byte[]> raw = api.getBytes("/api/v1/runs/" + id + "/raw");
        assertThat(raw.statusCode()).isEqualTo(200);
        assertThat(raw.headers().firstValue("Content-Type")).hasValue(NDJSON_TYPE);
        assertThat(raw.body()).isEqualTo(output);

        JsonNode intervals = JSON.readTree(api.get("/api/v1/runs/" + id + "/intervals").body());
        assertThat(intervals.size()).isEqualTo(5 * (4 + 1));
        JsonNode first = intervals.get(0);
        assertThat(first.get("stream").stringValue()).isNotEqualTo("sum");
        assertThat(first.get("direction").stringValue()).isEqualTo("download");
        assertThat(intervals.get(4).get("stream").stringValue()).isEqualTo("sum");
        assertThat(JSON.readTree(created.body()).get("burstLimitBitsPerSecond").doubleValue()).isEqualTo(12.5e9);
    }

    @Test
    void gzipUploadsAreDecodedAndKeepIperf3sBytesOtherEncodingsAndMismatchedTypesAre415() throws Exception {
        byte[] output = Samples.bytes("iperf3-318-tcp-1-upload-stream.json");
        java.io.ByteArrayOutputStream gzip = new java.io.ByteArrayOutputStream();
        try (var out = new java.util.zip.GZIPOutputStream(gzip)) {
            out.write(output);
        }
        var created = api.send(HttpRequest.newBuilder(api.uri("/api/v1/runs"))
                .header("Authorization", "Bearer " + ApiClient.TOKEN).header("Content-Type", NDJSON_TYPE)
                .header("Content-Encoding", "gzip").POST(HttpRequest.BodyPublishers.ofByteArray(gzip.toByteArray())));
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long id = JSON.readTree(created.body()).get("id").longValue();
        assertThat(api.getBytes("/api/v1/runs/" + id + "/raw").body()).isEqualTo(output);

        StoredRows before = StoredRows.count(jdbc);
        assertProblem(api.upload(Samples.bytes("iperf3-318-udp-1g-upload-stream.json"), JSON_TYPE, ""), 415,
                "--json-stream output, sent as application/json: send it with Content-Type: application/x-ndjson");
        assertProblem(api.upload(Samples.bytes("iperf3-318-udp-1g-upload.json"), NDJSON_TYPE, ""), 415,
                "-J output, sent as application/x-ndjson: send it with Content-Type: application/json");
        assertProblem(api.send(HttpRequest.newBuilder(api.uri("/api/v1/runs"))
                .header("Authorization", "Bearer " + ApiClient.TOKEN).header("Content-Type", JSON_TYPE)
                .header("Content-Encoding", "br")
                .POST(HttpRequest.BodyPublishers.ofByteArray(Samples.bytes("iperf3-318-udp-1g-upload.json")))),
                415, "Content-Encoding 'br' is not accepted");
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
    }

    @Test
    void rawRoundTripIsByteForByteForJsonToo() {
        byte[] output = Samples.bytes("iperf3-312-udp-5g-upload.json");
        long id = JSON.readTree(api.upload(output, JSON_TYPE + "; charset=utf-8", "").body()).get("id").longValue();

        assertThat(api.getBytes("/api/v1/runs/" + id + "/raw").body()).isEqualTo(output);
    }

    @Test
    void iperf3ErrorIs422WithIperf3sMessageAndStoresNothing() {
        StoredRows before = StoredRows.count(jdbc);

        var response = api.upload(Samples.bytes("iperf3-312-error-refused.json"), JSON_TYPE, "?tag=x");

        assertProblem(response, 422, "unable to connect to server: Connection refused");
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
    }

    @Test
    void anUnknownQueryParameterIs400NamingItAndStoresNothing() {
        StoredRows before = StoredRows.count(jdbc);

        // a mistyped label would otherwise be stored as no label at all
        assertProblem(api.upload(Samples.bytes("iperf3-312-tcp-1-upload.json"), JSON_TYPE,
                "?sut=vm-a&instancetype=t4g.large"), 400, "unknown parameter 'instancetype'");
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
        assertProblem(api.get("/api/v1/runs?tags=seed"), 400, "unknown parameter 'tags'");
    }

    @Test
    void notJsonIs400AndStoresNothing() {
        StoredRows before = StoredRows.count(jdbc);

        assertProblem(api.upload("iperf3 said hello".getBytes(StandardCharsets.UTF_8), JSON_TYPE, ""), 400,
                "not iperf3 JSON output");
        assertProblem(api.upload("{\"start\": {".getBytes(StandardCharsets.UTF_8), JSON_TYPE, ""), 400,
                "not valid JSON");
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
    }

    @Test
    void wrongTypeInRealOutputIs400NamingTheFieldAndStoresNothing() {
        String real = new String(Samples.bytes("iperf3-318-udp-1g-upload.json"), StandardCharsets.UTF_8);
        String edited = real.replaceFirst("\"bits_per_second\":\\s*([0-9.]+)", "\"bits_per_second\": \"fast\"");
        StoredRows before = StoredRows.count(jdbc);

        var response = api.upload(edited.getBytes(StandardCharsets.UTF_8), JSON_TYPE, "");

        assertProblem(response, 400, "intervals[0].streams[0].bits_per_second must be a number");
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
    }

    @Test
    void badMetadataIs400AndStoresNothing() {
        byte[] output = Samples.bytes("iperf3-318-tcp-1-download.json");
        StoredRows before = StoredRows.count(jdbc);

        assertProblem(api.upload(output, JSON_TYPE, "?burstLimitGbps=-5"), 400, "burstLimitGbps");
        assertProblem(api.upload(output, JSON_TYPE, "?baselineGbps=fast"), 400, "baselineGbps");
        assertProblem(api.upload(output, JSON_TYPE, "?driver=" + "d".repeat(201)), 400, "driver");
        assertProblem(api.upload(output, JSON_TYPE, "?sut=a%0Ab"), 400, "control characters");
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
    }

    @Test
    void wrongContentTypeIs415() {
        StoredRows before = StoredRows.count(jdbc);

        assertProblem(api.upload(Samples.bytes("iperf3-318-tcp-1-download.json"), "text/plain", ""), 415,
                "application/json");
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
    }

    @Test
    void bodyOverTheLimitIs413WhetherItsLengthIsDeclaredOrStreamed() {
        byte[] big = new byte[UPLOAD_LIMIT + 1];
        Arrays.fill(big, (byte) ' ');
        StoredRows before = StoredRows.count(jdbc);

        assertProblem(api.upload(big, JSON_TYPE, ""), 413, "limit");
        var chunked = api.send(HttpRequest.newBuilder(api.uri("/api/v1/runs"))
                .header("Authorization", "Bearer " + ApiClient.TOKEN).header("Content-Type", JSON_TYPE)
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))));
        assertProblem(chunked, 413, "limit");
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
    }

    @Test
    void missingOrWrongTokenIs401() {
        byte[] output = Samples.bytes("iperf3-318-tcp-1-download.json");
        StoredRows before = StoredRows.count(jdbc);

        var missing = api.send(HttpRequest.newBuilder(api.uri("/api/v1/runs")).header("Content-Type", JSON_TYPE)
                .POST(HttpRequest.BodyPublishers.ofByteArray(output)));
        var wrong = api.send(HttpRequest.newBuilder(api.uri("/api/v1/runs")).header("Content-Type", JSON_TYPE)
                .header("Authorization", "Bearer not-the-token").POST(HttpRequest.BodyPublishers.ofByteArray(output)));

        assertProblem(missing, 401, "Authorization: Bearer");
        assertProblem(wrong, 401, "not valid");
        assertThat(missing.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(v -> v.startsWith("Bearer"));
        assertProblem(api.delete("/api/v1/runs/1", null), 401, "token");
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
    }

    @Test
    void unknownRunIs404AndANonNumericIdIs400() {
        assertProblem(api.get("/api/v1/runs/987654"), 404, "no run with id 987654");
        assertProblem(api.get("/api/v1/runs/987654/intervals"), 404, "no run");
        assertProblem(api.get("/api/v1/runs/987654/raw"), 404, "no run");
        assertProblem(api.get("/api/v1/runs/abc"), 400, "'abc' is not a valid value for id");
    }

    @Test
    void deleteRemovesTheRunWithItsIntervalsRawAndTags() {
        StoredRows before = StoredRows.count(jdbc);
        var created = api.upload(Samples.bytes("iperf3-312-tcp-4-download.json"), JSON_TYPE, "?tag=gone");
        long id = JSON.readTree(created.body()).get("id").longValue();

        assertThat(api.delete("/api/v1/runs/" + id, ApiClient.TOKEN).statusCode()).isEqualTo(204);

        assertThat(api.get("/api/v1/runs/" + id).statusCode()).isEqualTo(404);
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
        assertProblem(api.delete("/api/v1/runs/" + id, ApiClient.TOKEN), 404, "no run");
    }

    @Test
    void listIsNewestFirstFilteredAndPaged() {
        String driver = "list-test-" + System.nanoTime();
        long older = idOf(api.upload(Samples.bytes("iperf3-312-tcp-1-download.json"), JSON_TYPE,
                "?driver=" + driver + "&tag=dl"));
        long newer = idOf(api.upload(Samples.bytes("iperf3-312-udp-1g-upload.json"), JSON_TYPE,
                "?driver=" + driver + "&sut=s1&peer=p1&instanceType=t3.micro"));

        JsonNode all = JSON.readTree(api.get("/api/v1/runs?driver=" + driver).body());
        assertThat(all.get("page").get("totalElements").longValue()).isEqualTo(2);
        assertThat(all.get("content").get(0).get("id").longValue()).isEqualTo(newer);
        assertThat(all.get("content").get(1).get("id").longValue()).isEqualTo(older);

        assertThat(ids("/api/v1/runs?driver=" + driver + "&protocol=udp")).containsExactly(newer);
        assertThat(ids("/api/v1/runs?driver=" + driver + "&direction=download")).containsExactly(older);
        assertThat(ids("/api/v1/runs?driver=" + driver + "&tag=dl")).containsExactly(older);
        assertThat(ids("/api/v1/runs?driver=" + driver + "&sut=s1&peer=p1&instanceType=t3.micro"))
                .containsExactly(newer);

        JsonNode secondPage = JSON.readTree(api.get("/api/v1/runs?driver=" + driver + "&size=1&page=1").body());
        assertThat(secondPage.get("content").size()).isEqualTo(1);
        assertThat(secondPage.get("content").get(0).get("id").longValue()).isEqualTo(older);
        assertThat(secondPage.get("page").get("totalPages").intValue()).isEqualTo(2);

        assertProblem(api.get("/api/v1/runs?protocol=SCTP"), 400, "protocol must be TCP or UDP");
        assertProblem(api.get("/api/v1/runs?size=0"), 400, "size must be between");
    }

    /** A page no database can reach is the client's mistake, in words, and no reason to report storage down. */
    @Test
    void aPageBeyondWhatCanExistIsRefusedInWordsAndReadinessStaysUp() {
        assertProblem(api.get("/api/v1/runs?page=2147483647&size=100"), 400, "ask for a lower page");
        assertProblem(api.get("/api/v1/runs?page=21474837&size=100"), 400, "beyond the 2147483647th run");
        assertThat(api.get("/api/v1/runs?page=21474836&size=100").statusCode()).as("the last page that can exist")
                .isEqualTo(200);
        assertThat(api.get("/actuator/health/readiness").statusCode()).isEqualTo(200);
    }

    @Test
    void apiIsDocumentedAndHealthIsUp() {
        assertThat(api.get("/actuator/health").body()).contains("\"status\":\"UP\"");
        JsonNode docs = JSON.readTree(api.get("/v3/api-docs").body());
        assertThat(docs.get("paths").has("/api/v1/runs/{id}/intervals")).isTrue();
        assertThat(docs.get("paths").get("/api/v1/runs/{id}").has("patch")).isTrue();
        assertThat(docs.get("paths").get("/api/v1/runs/labels").get("patch").get("parameters").toString())
                .contains("\"name\":\"id\"", "\"name\":\"job\"");
        assertThat(docs.get("info").get("title").stringValue()).isEqualTo("Burstline");
        assertThat(docs.get("info").get("version").stringValue()).isNotBlank().isNotEqualTo("v0");
        JsonNode scheme = docs.get("components").get("securitySchemes").get("apiToken");
        assertThat(scheme.get("type").stringValue()).isEqualTo("http");
        assertThat(scheme.get("scheme").stringValue()).isEqualTo("bearer");
        assertThat(docs.get("security").toString()).contains("apiToken");
        assertThat(api.get("/actuator/prometheus").body()).contains("burstline_runs_imports_total");
    }

    private long idOf(HttpResponse<String> response) {
        assertThat(response.statusCode()).isEqualTo(201);
        return JSON.readTree(response.body()).get("id").longValue();
    }

    private java.util.List<Long> ids(String path) {
        JsonNode page = JSON.readTree(api.get(path).body());
        java.util.List<Long> ids = new java.util.ArrayList<>();
        page.get("content").forEach(run -> ids.add(run.get("id").longValue()));
        return ids;
    }
}
