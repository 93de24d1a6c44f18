package com.burstline.server.run;

import com.burstline.iperf.Samples;
import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static com.burstline.server.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Labels can be fixed: a relabelled re-upload is a 409 that names what differs, and PATCH corrects a run's labels
 * with the change kept in its history. Subclasses choose the database (H2 default, PostgreSQL).
 */
@BurstlineTest
abstract class RunLabelsBehaviour {
    private static final String JSON_TYPE = "application/json";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    RunLabelEditor editor;
    ApiClient api;

    @BeforeEach
    void client() {
        api = new ApiClient(port);
    }

    @Test
    void theSameBytesUnderOtherLabelsAre409NamingTheFieldsAndTheRunAndChangeNothing() {
        byte[] output = Samples.bytes("iperf3-312-tcp-1-upload.json");
        String labels = "?sut=arm-a&peer=arm-b&instanceType=t4g.large&driver=ENA%202.10.0&tag=seed";
        long id = idOf(api.upload(output, JSON_TYPE, labels));
        StoredRows before = StoredRows.count(jdbc);

        var relabelled = api.upload(output, JSON_TYPE,
                "?sut=arm-a&peer=arm-b&instanceType=t4g.large&driver=ENA%202.11.0&tag=seed&burstLimitGbps=4");

        assertProblem(relabelled, 409, "stored already as run " + id);
        JsonNode problem = JSON.readTree(relabelled.body());
        assertThat(problem.get("runId").longValue()).isEqualTo(id);
        assertThat(problem.get("run").stringValue()).isEqualTo("/api/v1/runs/" + id);
        assertThat(problem.get("fields").toString()).isEqualTo("[\"driver\",\"burstLimitGbps\"]");
        assertThat(problem.get("detail").stringValue()).contains("driver is 'ENA 2.10.0', not 'ENA 2.11.0'")
                .contains("burstLimitGbps is '5', not '4'").contains("PATCH /api/v1/runs/" + id);
        assertThat(StoredRows.count(jdbc)).isEqualTo(before);
        assertThat(json("/api/v1/runs/" + id).get("driver").stringValue()).isEqualTo("ENA 2.10.0");

        var same = api.upload(output, JSON_TYPE, labels);
        assertThat(same.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(same.body()).get("id").longValue()).isEqualTo(id);
        assertProblem(api.upload(output, JSON_TYPE, ""), 409, "sut is 'arm-a', not unset");
    }

    @Test
    void patchCorrectsTheLabelsAndKeepsWhoChangedWhatWhenInTheHistory() {
        long id = idOf(api.upload(Samples.bytes("iperf3-318-tcp-4-upload.json"), JSON_TYPE,
                "?sut=x86-a&instanceType=t4g.large&driver=ENA%20ARM64%202.2.1&tag=old"));

        var patched = api.patch("/api/v1/runs/" + id, """
                {"driver": "ENA ARM64 2.2.2", "tags": ["fixed", "seed"], "peer": "arm-b", "sut": null}""",
                ApiClient.TOKEN);

        assertThat(patched.statusCode()).as(patched.body()).isEqualTo(200);
        JsonNode run = JSON.readTree(patched.body());
        assertThat(run.get("driver").stringValue()).isEqualTo("ENA ARM64 2.2.2");
        assertThat(run.get("peer").stringValue()).isEqualTo("arm-b");
        assertThat(run.get("sut").isNull()).isTrue();
        assertThat(run.get("tags").toString()).isEqualTo("[\"fixed\",\"seed\"]");
        assertThat(json("/api/v1/runs/" + id).get("driver").stringValue()).isEqualTo("ENA ARM64 2.2.2");
        assertThat(ids("/api/v1/runs?tag=fixed")).containsExactly(id);
        assertThat(ids("/api/v1/runs?tag=old")).isEmpty();

        JsonNode history = json("/api/v1/runs/" + id + "/history");
        assertThat(changes(history)).containsExactly("sut: x86-a -> null", "peer: null -> arm-b",
                "driver: ENA ARM64 2.2.1 -> ENA ARM64 2.2.2", "tags: old -> fixed, seed");
        assertThat(history.get(0).get("changedBy").stringValue()).isEqualTo("api-token");
        assertThat(history.get(0).get("changedAt").stringValue()).endsWith("Z");
        assertThat(history.get(0).get("changedAt")).isEqualTo(history.get(3).get("changedAt"));

        var nothing = api.patch("/api/v1/runs/" + id, "{\"driver\": \"ENA ARM64 2.2.2\"}", ApiClient.TOKEN);
        assertThat(nothing.statusCode()).isEqualTo(200);
        assertThat(json("/api/v1/runs/" + id + "/history").size()).as("no change, no history").isEqualTo(4);
    }

    @Test
    void limitsFollowANewInstanceTypeUnlessTheEditGivesThemAndNullGoesBackToTheCatalog() {
        long id = idOf(api.upload(Samples.bytes("iperf3-318-tcp-1-upload.json"), JSON_TYPE,
                "?instanceType=t4g.large&baselineGbps=0.6"));

        JsonNode xlarge = JSON.readTree(api.patch("/api/v1/runs/" + id, "{\"instanceType\": \"m7g.large\"}",
                ApiClient.TOKEN).body());
        assertThat(xlarge.get("burstLimitBitsPerSecond").doubleValue()).isEqualTo(12.5e9);
        assertThat(xlarge.get("baselineBitsPerSecond").doubleValue()).isEqualTo(0.937e9);

        JsonNode overridden = JSON.readTree(api.patch("/api/v1/runs/" + id, "{\"burstLimitGbps\": 4.75}",
                ApiClient.TOKEN).body());
        assertThat(overridden.get("burstLimitBitsPerSecond").doubleValue()).isEqualTo(4.75e9);
        assertThat(overridden.get("shareOfBurstLimit").doubleValue())
                .isEqualTo(overridden.get("receivedBitsPerSecond").doubleValue() / 4.75e9 * 100);
        JsonNode catalog = JSON.readTree(api.patch("/api/v1/runs/" + id, "{\"burstLimitGbps\": null}",
                ApiClient.TOKEN).body());
        assertThat(catalog.get("burstLimitBitsPerSecond").doubleValue()).isEqualTo(12.5e9);
        assertThat(changes(json("/api/v1/runs/" + id + "/history"))).containsExactly(
                "instanceType: t4g.large -> m7g.large", "burstLimitGbps: 5 -> 12.5", "baselineGbps: 0.6 -> 0.937",
                "burstLimitGbps: 12.5 -> 4.75", "burstLimitGbps: 4.75 -> 12.5");
    }

    @Test
    void badEditsAre400Or401Or404AndChangeNothing() {
        long id = idOf(api.upload(Samples.bytes("iperf3-312-udp-1g-upload.json"), JSON_TYPE, "?driver=kept"));
        String path = "/api/v1/runs/" + id;

        var unknown = api.patch(path, "{\"drivr\": \"x\"}", ApiClient.TOKEN);
        assertProblem(unknown, 400, "Unknown field 'drivr'");
        assertThat(JSON.readTree(unknown.body()).get("field").stringValue()).isEqualTo("drivr");
        assertProblem(api.patch(path, "{\"burstLimitGbps\": \"fast\"}", ApiClient.TOKEN), 400,
                "burstLimitGbps must be a number of Gbit/s");
        assertProblem(api.patch(path, "{\"burstLimitGbps\": -1}", ApiClient.TOKEN), 400, "above 0");
        assertProblem(api.patch(path, "{\"tags\": [1]}", ApiClient.TOKEN), 400, "tags must be a list of strings");
        assertProblem(api.patch(path, "{\"driver\": \"a\\nb\"}", ApiClient.TOKEN), 400, "control characters");
        assertProblem(api.patch(path, "[]", ApiClient.TOKEN), 400, "JSON object");
        assertProblem(api.patch(path, "{\"driver\": ", ApiClient.TOKEN), 400, "JSON");
        assertProblem(api.patch(path, "{\"driver\": \"x\"}", null), 401, "token");
        assertProblem(api.patch("/api/v1/runs/987654", "{\"driver\": \"x\"}", ApiClient.TOKEN), 404, "no run");
        assertProblem(api.get("/api/v1/runs/987654/history"), 404, "no run");
        assertThat(json(path).get("driver").stringValue()).isEqualTo("kept");
        assertThat(json(path + "/history").size()).isZero();
    }

    @Test
    void aFilterRelabelsEveryRunItListsInOneStepWithEachRunsHistory() {
        List<Long> ids = List.of(upload("iperf3-322-tcp-1-upload-loopback.json", "?tag=bulk&driver=ENA%202.10"),
                upload("iperf3-322-udp-100m-upload-loopback.json", "?tag=bulk&driver=ENA%202.10"),
                upload("iperf3-322-tcp-2-upload-loopback.json", "?tag=bulk&driver=ENA%202.11"));
        long other = idOf(api.upload(Samples.bytes("iperf3-39-tcp-1-upload-loopback.json"), JSON_TYPE,
                "?tag=elsewhere&driver=ENA%202.10"));

        var relabelled = api.patch("/api/v1/runs/labels?tag=bulk&driver=2.10", """
                {"driver": "ENA 2.10.1", "instanceType": "m7g.large", "tags": ["bulk", "relabelled"]}""", ApiClient.TOKEN);

        assertThat(relabelled.statusCode()).as(relabelled.body()).isEqualTo(200);
        assertThat(JSON.readTree(relabelled.body()).toString()).isEqualTo("{\"selected\":2,\"changed\":2}");
        for (long id : ids.subList(0, 2)) {
            JsonNode run = json("/api/v1/runs/" + id);
            assertThat(run.get("driver").stringValue()).isEqualTo("ENA 2.10.1");
            assertThat(run.get("instanceType").stringValue()).isEqualTo("m7g.large");
            assertThat(run.get("tags").toString()).isEqualTo("[\"bulk\",\"relabelled\"]");
            JsonNode history = json("/api/v1/runs/" + id + "/history");
            assertThat(changes(history)).containsExactly("instanceType: null -> m7g.large",
                    "driver: ENA 2.10 -> ENA 2.10.1", "tags: bulk -> bulk, relabelled",
                    "burstLimitGbps: null -> 12.5", "baselineGbps: null -> 0.937");
            history.forEach(change -> assertThat(change.get("changedBy").stringValue()).isEqualTo("api-token"));
        }
        assertThat(json("/api/v1/runs/" + ids.get(2)).get("driver").stringValue()).isEqualTo("ENA 2.11");
        assertThat(json("/api/v1/runs/" + other).get("driver").stringValue()).isEqualTo("ENA 2.10");
        assertThat(json("/api/v1/runs/" + other + "/history").size()).isZero();

        var again = api.patch("/api/v1/runs/labels?tag=bulk", "{\"driver\": \"ENA 2.10.1\"}", ApiClient.TOKEN);
        assertThat(JSON.readTree(again.body()).toString()).as("the third run changes, the others had it already")
                .isEqualTo("{\"selected\":3,\"changed\":1}");
        assertThat(json("/api/v1/runs/" + ids.get(0) + "/history").size()).isEqualTo(5);
        assertThat(changes(json("/api/v1/runs/" + ids.get(2) + "/history")))
                .containsExactly("driver: ENA 2.11 -> ENA 2.10.1");
    }

    @Test
    void runIdsRelabelExactlyThoseRunsAndAnUnknownIdChangesNone() {
        long first = idOf(api.upload(Samples.bytes("iperf3-312-tcp-4-upload.json"), JSON_TYPE, "?driver=by-id"));
        long second = idOf(api.upload(Samples.bytes("iperf3-318-tcp-1-download.json"), JSON_TYPE, "?driver=by-id"));

        assertProblem(api.patch("/api/v1/runs/labels?id=" + first + "&id=987654", "{\"driver\": \"x\"}",
                ApiClient.TOKEN), 404, "no run with id 987654");
        assertThat(json("/api/v1/runs/" + first + "/history").size()).as("nothing half-done").isZero();

        var relabelled = api.patch("/api/v1/runs/labels?id=" + first + "&id=" + second, """
                {"driver": null, "tags": ["named"]}""", ApiClient.TOKEN);
        assertThat(relabelled.statusCode()).as(relabelled.body()).isEqualTo(200);
        assertThat(JSON.readTree(relabelled.body()).get("changed").intValue()).isEqualTo(2);
        assertThat(ids("/api/v1/runs?tag=named")).containsExactlyInAnyOrder(first, second);
        assertThat(changes(json("/api/v1/runs/" + second + "/history")))
                .containsExactly("driver: by-id -> null", "tags: null -> named");
    }

    @Test
    void badSelectionsAndBadValuesAre400Or401AndChangeNothing() {
        long id = idOf(api.upload(Samples.bytes("iperf3-312-udp-5g-upload.json"), JSON_TYPE,
                "?tag=bulk-bad&driver=kept"));
        upload("iperf3-322-udp-2x50m-upload-loopback.json", "?tag=bulk-bad&driver=kept");
        String path = "/api/v1/runs/labels?tag=bulk-bad";
        long historyBefore = jdbc.queryForObject("SELECT COUNT(*) FROM run_label_change", Long.class);

        var fields = api.patch(path, "{\"driver\": 5, \"sut\": \"x\", \"tags\": \"c\"}", ApiClient.TOKEN);
        assertProblem(fields, 400, "driver must be a string or null, not 5");
        assertThat(JSON.readTree(fields.body()).get("detail").stringValue())
                .contains("sut is not a label of a selection of runs", "tags must be a list of strings");
        assertThat(JSON.readTree(fields.body()).get("errors").size()).isEqualTo(3);
        assertProblem(api.patch(path, "{\"driver\": \"a\\nb\"}", ApiClient.TOKEN), 400, "control characters");
        assertProblem(api.patch(path, "{\"instanceType\": \"%s\"}".formatted("t".repeat(65)), ApiClient.TOKEN),
                400, "at most 64");
        assertProblem(api.patch(path, "[]", ApiClient.TOKEN), 400, "JSON object");
        assertProblem(api.patch("/api/v1/runs/labels", "{\"driver\": \"x\"}", ApiClient.TOKEN), 400,
                "Name the runs to relabel");
        assertProblem(api.patch("/api/v1/runs/labels?id=" + id + "&tag=bulk-bad", "{\"driver\": \"x\"}",
                ApiClient.TOKEN), 400, "either id=… or filters, not both");
        assertProblem(api.patch("/api/v1/runs/labels?tags=bulk-bad", "{\"driver\": \"x\"}", ApiClient.TOKEN),
                400, "unknown parameter 'tags'");
        assertProblem(api.patch("/api/v1/runs/labels?id=seven", "{\"driver\": \"x\"}", ApiClient.TOKEN), 400,
                "id must be an id (a number), not 'seven'");
        assertProblem(api.patch(path + "&protocol=sctp", "{\"driver\": \"x\"}", ApiClient.TOKEN), 400,
                "protocol must be TCP or UDP");
        assertProblem(api.patch("/api/v1/runs/labels?tag=no-such-tag", "{\"driver\": \"x\"}", ApiClient.TOKEN),
                400, "No run matches this selection, so nothing was relabelled");
        assertProblem(api.patch(path, "{\"driver\": \"x\"}", null), 401, "token");
        assertThatThrownBy(() -> editor.relabelSelection(List.of(), new RunFilter(null, null, null, null, null, null,
                "bulk-bad"), new LabelPatch(Map.of("driver", "x")), "test", 1))
                .isInstanceOf(InvalidRunInputException.class)
                .hasMessageContaining("At most 1 runs are relabelled at once").hasMessageContaining("Narrow");

        assertThatThrownBy(() -> editor.relabelShown(new RunFilter(null, null, null, null, null, null, "bulk-bad"),
                1, new LabelPatch(Map.of("driver", "x")), "test"))
                .hasMessageContaining("The filter now shows 2 runs, not the 1 the page counted");

        assertThat(json("/api/v1/runs/" + id).get("driver").stringValue()).isEqualTo("kept");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM run_label_change", Long.class)).isEqualTo(historyBefore);
    }

    private JsonNode json(String path) {
        HttpResponse<String> response = api.get(path);
        assertThat(response.statusCode()).as(path).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    private long upload(String sample, String labels) {
        return idOf(api.upload(Samples.bytes(sample), JSON_TYPE, labels));
    }

    private long idOf(HttpResponse<String> response) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return JSON.readTree(response.body()).get("id").longValue();
    }

    private List<Long> ids(String path) {
        List<Long> ids = new ArrayList<>();
        json(path).get("content").forEach(run -> ids.add(run.get("id").longValue()));
        return ids;
    }

    private static List<String> changes(JsonNode history) {
        List<String> changes = new ArrayList<>();
        history.forEach(change -> changes.add(change.get("field").stringValue() + ": "
                + change.get("oldValue").asString("null") + " -> " + change.get("newValue").asString("null")));
        return changes;
    }

    @Test
    void aLongRunsChartDataIsThinnedToMaxPointsKeepingEachBucketsSlowestAndFastestRow() {
        HttpResponse<String> created = api.upload(Samples.bytes("iperf3-312-tcp-4-upload-long-loopback.json"),
                "application/json", "?sut=thin-a");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long id = JSON.readTree(created.body()).get("id").longValue();
        JsonNode all = JSON.readTree(api.get("/api/v1/runs/" + id + "/intervals").body());
        JsonNode thin = JSON.readTree(api.get("/api/v1/runs/" + id + "/intervals?maxPoints=40").body());

        Map<String, List<JsonNode>> allSeries = series(all);
        Map<String, List<JsonNode>> thinSeries = series(thin);
        assertThat(thinSeries.keySet()).isEqualTo(allSeries.keySet());
        Set<String> allRows = all.valueStream().map(JsonNode::toString).collect(Collectors.toSet());
        assertThat(thin.valueStream().map(JsonNode::toString)).as("every row one iperf3 reported, unchanged")
                .allMatch(allRows::contains);
        allSeries.forEach((key, rows) -> {
            List<JsonNode> kept = thinSeries.get(key);
            assertThat(rows.size()).as(key).isGreaterThan(40);
            assertThat(kept.size()).as(key).isLessThanOrEqualTo(40).isGreaterThanOrEqualTo(20);
            assertThat(minRate(kept)).as("the slowest interval of %s stays", key).isEqualTo(minRate(rows));
            assertThat(maxRate(kept)).as("the fastest interval of %s stays", key).isEqualTo(maxRate(rows));
            assertThat(kept.stream().map(row -> row.get("start").doubleValue()).toList()).isSorted();
        });
        assertThat(JSON.readTree(api.get("/api/v1/runs/" + id + "/intervals?maxPoints=100000").body()))
                .as("under the limit: every row").isEqualTo(all);
        assertProblem(api.get("/api/v1/runs/" + id + "/intervals?maxPoints=5"), 400,
                "maxPoints must be between 10 and 100000, not 5");
    }

    @Test
    void oneStreamsRowsAreAnsweredAloneWithOrWithoutMaxPoints() {
        HttpResponse<String> created = api.upload(Samples.bytes("iperf3-312-tcp-4-upload-long-loopback.json"),
                "application/json", "?sut=thin-a"); // the run of the test above when it ran first: the same rows
        assertThat(created.statusCode()).as(created.body()).isIn(200, 201);
        long id = JSON.readTree(created.body()).get("id").longValue();
        JsonNode all = JSON.readTree(api.get("/api/v1/runs/" + id + "/intervals?side=sender").body());
        List<String> sums = all.valueStream().filter(row -> "sum".equals(row.get("stream").stringValue()))
                .map(JsonNode::toString).toList();

        JsonNode sumsOnly = JSON.readTree(api.get("/api/v1/runs/" + id + "/intervals?side=sender&stream=sum").body());
        assertThat(sumsOnly.valueStream().map(JsonNode::toString)).containsExactlyElementsOf(sums);
        JsonNode thinSums = JSON.readTree(api.get("/api/v1/runs/" + id
                + "/intervals?side=sender&stream=sum&maxPoints=40").body());
        assertThat(thinSums.size()).isLessThanOrEqualTo(40).isGreaterThanOrEqualTo(20);
        assertThat(thinSums.valueStream().map(JsonNode::toString)).allMatch(sums::contains);
        String oneStream = all.valueStream().map(row -> row.get("stream").stringValue())
                .filter(stream -> !"sum".equals(stream)).findFirst().orElseThrow();
        assertThat(JSON.readTree(api.get("/api/v1/runs/" + id + "/intervals?stream=" + oneStream).body())
                .valueStream()).isNotEmpty().allMatch(row -> oneStream.equals(row.get("stream").stringValue()));
    }

    private static Map<String, List<JsonNode>> series(JsonNode rows) {
        return rows.valueStream().collect(Collectors.groupingBy(row -> row.get("stream").stringValue() + "|"
                + row.get("direction").stringValue() + "|" + row.get("side").stringValue(), TreeMap::new,
                Collectors.toList()));
    }

    private static double minRate(List<JsonNode> rows) {
        return rows.stream().mapToDouble(row -> row.get("bitsPerSecond").doubleValue()).min().orElseThrow();
    }

    private static double maxRate(List<JsonNode> rows) {
        return rows.stream().mapToDouble(row -> row.get("bitsPerSecond").doubleValue()).max().orElseThrow();
    }
}
