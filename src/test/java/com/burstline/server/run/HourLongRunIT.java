package com.burstline.server.run;

import com.burstline.bench.HourLongRun;
import com.burstline.server.job.JobApiClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An hour-long run at 0.1 s intervals with 8 streams, 324,000 interval rows (made by concatenating the real
 * intervals of a real 240 s iperf3 3.12 run: {@link HourLongRun}), imports, charts and analyses: its chart answers at
 * most 2,000 rows a series and still shows the slowest and fastest interval iperf3 printed, from what the import
 * packed; its findings answer from the series figures the import kept. A long run stored before packs and figures
 * existed (the real 30 s run, 2,691 rows: the same paths at a tenth of the hour's cost) gets them from its rows when
 * first read, and answers the same chart and findings as from what was kept.
 */
class HourLongRunIT {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String THIRTY_SECONDS = "long-runs/iperf3-312-tcp-8x10m-30s-0.1s-loopback.json.gz";

    @TempDir
    Path dataDir;

    @Test
    void anHourAt100MillisecondIntervalsImportsChartsAndAnalyses() throws Exception {
        byte[] hour = HourLongRun.json();
        try (ConfigurableApplicationContext server = JobApiClient.startServer(0, dataDir,
                "--burstline.max-upload-size=128MB")) {
            String base = "http://127.0.0.1:" + ((WebServerApplicationContext) server).getWebServer().getPort();
            HttpClient http = HttpClient.newHttpClient();
            JdbcTemplate jdbc = server.getBean(JdbcTemplate.class);
            JsonNode run = upload(http, base, hour, "hour-a");
            long id = run.get("id").longValue();
            assertThat(run.get("intervalCount").intValue()).isEqualTo(HourLongRun.ROWS);
            assertThat(kept(jdbc, "run_series_figures", id)).as("figures kept at import").isEqualTo(1);

            JsonNode chart = get(http, base, "/api/v1/runs/" + id + "/intervals?maxPoints=2000");
            assertCharted(chart);
            JsonNode sentSums = get(http, base, "/api/v1/runs/" + id
                    + "/intervals?side=sender&stream=sum&maxPoints=2000");
            assertThat(sentSums.size()).isBetween(1000, 2000);
            sentSums.forEach(row -> assertThat(row.get("stream").stringValue()).isEqualTo("sum"));
            JsonNode findings = get(http, base, "/api/v1/runs/" + id + "/findings");
            assertThat(findings.isArray()).isTrue();
            findings.forEach(finding -> assertThat(finding.get("kind").stringValue()).isNotBlank());
            System.out.printf("hour-long run %d: %d rows stored, chart %d rows, findings %s%n", id,
                    run.get("intervalCount").intValue(), chart.size(), findings.valueStream()
                            .map(f -> f.get("kind").stringValue()).toList());

            storedBeforePacksAndFigures(http, base, jdbc);
        }
    }

    /**
     * A long run whose packs and figures are gone (as for one stored before they existed): the same findings from
     * its rows, and its first chart builds the packs and answers the same; both are kept again.
     */
    private static void storedBeforePacksAndFigures(HttpClient http, String base, JdbcTemplate jdbc)
            throws Exception {
        long id = upload(http, base, HourLongRun.resource(THIRTY_SECONDS), "thirty-a").get("id").longValue();
        assertThat(kept(jdbc, "run_interval_pack", id)).isEqualTo(2);
        assertThat(kept(jdbc, "run_series_figures", id)).isEqualTo(1);
        JsonNode chart = get(http, base, "/api/v1/runs/" + id + "/intervals?maxPoints=2000");
        JsonNode findings = get(http, base, "/api/v1/runs/" + id + "/findings");

        jdbc.update("DELETE FROM run_interval_pack WHERE run_id = ?", id);
        jdbc.update("DELETE FROM run_series_figures WHERE run_id = ?", id);
        assertThat(get(http, base, "/api/v1/runs/" + id + "/findings")).isEqualTo(findings);
        assertThat(kept(jdbc, "run_series_figures", id)).isEqualTo(1);
        assertThat(get(http, base, "/api/v1/runs/" + id + "/intervals?maxPoints=2000")).isEqualTo(chart);
        assertThat(kept(jdbc, "run_interval_pack", id)).isEqualTo(2);
    }

    private static int kept(JdbcTemplate jdbc, String table, long runId) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM " + table + " WHERE run_id = ?", Integer.class, runId);
    }

    private static JsonNode upload(HttpClient http, String base, byte[] json, String sut) throws Exception {
        HttpResponse<String> created = http.send(HttpRequest.newBuilder(URI.create(base
                        + "/api/v1/runs?sut=" + sut + "&peer=hour-b"))
                .header("Authorization", "Bearer " + JobApiClient.API_TOKEN)
                .header("Content-Type", "application/json").header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(gzip(json))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        return JSON.readTree(created.body());
    }

    /** At most 2,000 rows a series, and the sum's slowest and fastest interval of the real run among them. */
    private static void assertCharted(JsonNode chart) throws Exception {
        Map<String, Integer> perSeries = new HashMap<>();
        double slowest = Double.MAX_VALUE;
        double fastest = 0;
        for (JsonNode row : chart) {
            perSeries.merge(row.get("stream").stringValue() + "|" + row.get("direction").stringValue(), 1,
                    Integer::sum);
            if ("sum".equals(row.get("stream").stringValue()) && !row.get("closing").booleanValue()) {
                slowest = Math.min(slowest, row.get("bitsPerSecond").doubleValue());
                fastest = Math.max(fastest, row.get("bitsPerSecond").doubleValue());
            }
        }
        assertThat(perSeries).hasSize(9);
        assertThat(perSeries.values()).allSatisfy(rows -> assertThat(rows).isBetween(1000, 2000));
        JsonNode real = JSON.readTree(HourLongRun.resource(HourLongRun.SOURCE));
        double realSlowest = Double.MAX_VALUE;
        double realFastest = 0;
        for (JsonNode interval : real.get("intervals")) {
            realSlowest = Math.min(realSlowest, interval.get("sum").get("bits_per_second").doubleValue());
            realFastest = Math.max(realFastest, interval.get("sum").get("bits_per_second").doubleValue());
        }
        assertThat(slowest).isEqualTo(realSlowest);
        assertThat(fastest).isEqualTo(realFastest);
    }

    private static JsonNode get(HttpClient http, String base, String path) throws Exception {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", "Bearer " + JobApiClient.API_TOKEN).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(path + ": " + answer.body()).isEqualTo(200);
        return JSON.readTree(answer.body());
    }

    private static byte[] gzip(byte[] bytes) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 8);
        try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
            gz.write(bytes);
        }
        return out.toByteArray();
    }
}
