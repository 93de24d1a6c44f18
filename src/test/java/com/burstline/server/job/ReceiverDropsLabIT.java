package com.burstline.server.job;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.List;

import static com.burstline.server.job.JobApiClient.PATIENCE;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Who dropped a UDP run's datagrams, told by the receiving host's own agent (issue 29), across a real network: the
 * two namespaces of a {@link JobLab} ({@code blev-a} the SUT, {@code blev-b} the peer, 10.111.0.0/16), real agents and
 * iperf3 3.12 at both ends. An upload's receiver is the peer; pinned to one core beside a busy loop, its iperf3 falls
 * behind and its socket buffer overflows, so the run carries the peer's own count and the finding names it. The
 * counter-check: an upload whose excess a shaper on lab-a's way out drops (its queue shorter than a UDP socket's
 * send buffer, so it drops rather than slows the sender) while the peer keeps up at 50 Mbit/s, so the peer counts
 * none and the finding says the path lost them. Needs root, as CI is; the test builds and removes its own lab.
 */
class ReceiverDropsLabIT {
    private static final String LAB = "blev";

    @TempDir
    static Path workDir;
    private static JobLab lab;
    private static JobApiClient api;

    @BeforeAll
    static void startLab() throws Exception {
        lab = JobLab.start(LAB, "10.111", workDir);
        api = lab.api();
    }

    @AfterAll
    static void stopLab() throws Exception {
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    void aReceiverThatFallsBehindCountsItsOwnDropsAndTheFindingNamesIt() throws Exception {
        JsonNode run;
        try (AutoCloseable busy = lab.busyPeerCore()) {
            run = udpUpload(1_000_000_000L);
        }
        JsonNode peer = receiverDrops(run);
        JsonNode loss = finding(run, "packet-loss");
        System.out.printf("UDP 1 Gbit/s upload to a busy peer: lost %.1f%%; lab-b counted %s%n",
                run.get("lostPercent").doubleValue(), peer);

        assertThat(run.get("lostPercent").doubleValue()).as("the busy receiver lost datagrams").isGreaterThan(1);
        assertThat(peer.get("host").stringValue()).isEqualTo("lab-b");
        assertThat(peer.get("source").stringValue()).isEqualTo("agent");
        assertThat(peer.get("interface").stringValue()).isEqualTo(LAB + "-tb");
        assertThat(peer.get("udpReceiveBufferErrors").longValue()).as("the peer's own count").isPositive();
        assertThat(peer.get("dropped").booleanValue()).isTrue();
        assertThat(loss.get("data").get("droppedBy").stringValue()).isEqualTo("receiver");
        assertThat(loss.get("message").stringValue()).contains("the receiving host lab-b dropped",
                "the receiver, not the path");
        JsonNode summary = jobFinding(run.get("jobId").longValue(), "packet-loss");
        assertThat(summary.get("message").stringValue()).contains("lost", "the receiving host lab-b dropped");
    }

    @Test
    void datagramsThePathDropsAreCountedByNoReceivingHost() throws Exception {
        lab.dropSutUploadAbove("50mbit");
        JsonNode run;
        try {
            run = udpUpload(100_000_000L);
        } finally {
            lab.shapeSutUpload("5gbit");
        }
        JsonNode peer = receiverDrops(run);
        JsonNode loss = finding(run, "packet-loss");
        System.out.printf("UDP 100 Mbit/s upload dropped above 50 Mbit/s on its way: lost %.1f%%; lab-b counted %s%n",
                run.get("lostPercent").doubleValue(), peer);

        assertThat(run.get("lostPercent").doubleValue()).as("the shaper dropped datagrams").isGreaterThan(1);
        assertThat(peer.get("datagramsDropped").longValue()).as("the peer counted none").isZero();
        assertThat(peer.get("dropped").booleanValue()).isFalse();
        assertThat(loss.get("data").get("droppedBy").stringValue()).isEqualTo("path");
        assertThat(loss.get("message").stringValue()).contains("the receiving host lab-b counted no drops",
                "lost on the path");
    }

    /** One UDP upload job of 3 s; answers its run once the peer's counts are in. */
    private static JsonNode udpUpload(long target) {
        var created = api.createJob("{\"sut\": \"lab-a\", \"peer\": \"lab-b\", \"scenarios\": [{\"protocol\": "
                + "\"UDP\", \"direction\": \"upload\", \"durationSeconds\": 3, \"intervalSeconds\": 1, "
                + "\"tool\": \"iperf3\", \"targetBitsPerSecond\": " + target + "}]}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long jobId = json(created).get("id").longValue();
        JsonNode job = Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                j -> !List.of("QUEUED", "RUNNING").contains(j.get("status").stringValue()));
        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        long runId = job.get("scenarios").get(0).get("runId").longValue();
        Eventually.await("the peer's drop counts of run " + runId, PATIENCE,
                () -> json(api.get("/api/v1/runs/" + runId + "/environment")),
                environment -> "agent".equals(environment.get("receiverDrops").get(0).path("source")
                        .stringValue("")));
        return json(api.get("/api/v1/runs/" + runId));
    }

    private static JsonNode receiverDrops(JsonNode run) {
        JsonNode drops = json(api.get("/api/v1/runs/" + run.get("id").longValue() + "/environment"))
                .get("receiverDrops");
        assertThat(drops).as("an upload has one receiving host: the peer").hasSize(1);
        return drops.get(0);
    }

    private static JsonNode finding(JsonNode run, String kind) {
        for (JsonNode finding : json(api.get("/api/v1/runs/" + run.get("id").longValue() + "/findings"))) {
            if (kind.equals(finding.get("kind").stringValue())) {
                return finding;
            }
        }
        throw new AssertionError("no " + kind + " finding on run " + run);
    }

    private static JsonNode jobFinding(long jobId, String kind) {
        for (JsonNode summary : json(api.get("/api/v1/jobs/" + jobId + "/findings"))) {
            if (kind.equals(summary.get("kind").stringValue())) {
                return summary;
            }
        }
        throw new AssertionError("no " + kind + " finding on job " + jobId);
    }
}
