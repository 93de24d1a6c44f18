package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.DispatchNonce;
import com.burstline.contract.LatencyReport;
import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencySamples;
import com.burstline.server.cluster.ClusterNotifications;
import com.burstline.server.latency.LatencyStore;
import com.burstline.testsupport.LatencyReports;
import com.burstline.testsupport.PostgresTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Latency's storage and API on the team profile: a real PostgreSQL, in a schema of its own dropped afterwards. Here
 * servers may share the database, so latency samples are kept in it: what another server took (a second {@link
 * LatencySampleLog} on the same database, as that server's own is) is what the runner here takes.
 */
@Tag("fast")
@PostgresTest
class LatencyApiPostgresIT extends LatencyApiBehaviour {
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    TransactionTemplate transaction;
    @Autowired
    ClusterNotifications cluster;
    @Autowired
    LatencySampleLog runner;

    @Test
    void aCancelledScenarioKeepsTheLatencySamplesAnotherServerTook() throws IOException {
        LatencySampleLog otherServer = new LatencySampleLog(jdbc, transaction, cluster);
        TestAgent sut = agent("lx-sut");
        agent("lx-peer");
        long jobId = job("lx-sut", "lx-peer", "{\"protocol\": \"TCP\", \"durationSeconds\": 30}", null);
        long scenarioId = api().awaitScenario(jobId, 0, "RUNNING").get("scenarios").get(0).get("id").longValue();
        LatencyReport probe = LatencyReports.probe();
        sut.postReport("/live", "{\"jobId\": " + jobId + ", \"scenarioId\": " + scenarioId + ", \"attempt\": 1, "
                + "\"source\": \"interface-counters\", \"samples\": [{\"start\": 0.0, \"end\": 1.0, "
                + "\"bitsPerSecond\": 4.7e9, \"stream\": \"sum\"}]}");
        assertThat(otherServer.add(new LatencySamples(new AttemptKey(jobId, scenarioId, 1),
                new LatencyReport(probe.summary(), probe.samples().subList(0, 4)), sut.nonceFor(scenarioId))))
                .isTrue();
        api().send("POST", "/api/v1/jobs/" + jobId + "/cancel", JobApiClient.API_TOKEN, null);

        JsonNode kept = Eventually.await("the cancelled scenario's run", JobApiClient.PATIENCE,
                () -> api().job(jobId).get("scenarios").get(0), view -> !view.get("runId").isNull());
        JsonNode latency = json(api().get("/api/v1/runs/" + kept.get("runId").longValue() + "/latency"));
        assertThat(latency.get("source").stringValue()).isEqualTo("live-samples");
        assertThat(latency.get("samples")).extracting(sample -> sample.get("start").doubleValue())
                .containsExactlyElementsOf(probe.samples().subList(0, 4).stream().map(LatencySample::start).toList());
        assertThat(rows("latency", jobId)).isZero();
    }

    @Test
    void aResultsReportAnotherServerTookReplacesTheLiveSamplesInRowsOfAMessagesSamples() {
        LatencySampleLog otherServer = new LatencySampleLog(jdbc, transaction, cluster);
        AttemptKey key = new AttemptKey(900_001, 1, 1);
        LatencyReport probe = LatencyReports.probe();
        runner.add(new LatencySamples(key, new LatencyReport(probe.summary(), probe.samples().subList(0, 1)),
                DispatchNonce.generate()));
        LatencyReport whole = concatenated(probe, 250);
        otherServer.offer(key, whole);

        assertThat(rows("latency-result", key.jobId())).isEqualTo(3); // 2,500 samples, 1,000 a row at most
        LatencySampleLog.Taken taken = runner.take(key);
        assertThat(taken.source()).isEqualTo(LatencyStore.FROM_RESULT);
        assertThat(taken.report()).isEqualTo(whole);
        assertThat(runner.take(key)).isNull();
        assertThat(rows("latency-result", key.jobId()) + rows("latency", key.jobId())).isZero();
    }

    /** The real probe's samples {@code times} over, each copy 10 s after the one before: made, stated as such. */
    private static LatencyReport concatenated(LatencyReport probe, int times) {
        List<LatencySample> samples = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            for (LatencySample sample : probe.samples()) {
                samples.add(new LatencySample(sample.start() + 10 * i, sample.end() + 10 * i, sample.phase(),
                        sample.roundTrip()));
            }
        }
        return new LatencyReport(probe.summary(), samples);
    }

    private long rows(String kind, long jobId) {
        return jdbc.queryForObject("SELECT count(*) FROM live_sample WHERE kind = ? AND job_id = ?", Long.class, kind,
                jobId);
    }
}
