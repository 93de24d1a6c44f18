package com.burstline.server.run;

import com.burstline.bench.Corpus;
import com.burstline.testsupport.ServerJarProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * 201 is a promise: 8 clients upload distinct real iperf3 results to the real server process, which is killed with
 * SIGKILL in the middle of the storm, three times over. After each restart every run that was answered 201 is there
 * under the same id with identical raw bytes, and no id answered before is given to another upload.
 */
abstract class DurabilityBehaviour {
    /** The client's own outputs: with --get-server-output the server's start repeats the cookie. */
    private static final Pattern CLIENT_OUTPUTS = Pattern.compile("^(?!.*server-lab)");
    private static final int CLIENTS = 8;
    private static final int ROUNDS = 3;
    private static final int ACKNOWLEDGED_BEFORE_KILL = 150;

    @TempDir
    Path dataDir;

    /** Where the server keeps its data, as command-line arguments; the data dir is the test's own. */
    abstract List<String> databaseArguments();

    @Test
    void everyRunAnswered201SurvivesKillMinus9WithItsIdAndBytes() throws Exception {
        Corpus corpus = Corpus.ofRealSamples(CLIENT_OUTPUTS);
        Map<Long, byte[]> promised = new HashMap<>();
        for (int round = 1; round <= ROUNDS; round++) {
            try (ServerJarProcess server = ServerJarProcess.start(dataDir, databaseArguments())) {
                assertEveryPromiseKept(server, promised, round);
                UploadStorm storm = new UploadStorm(server, corpus.next(4 * ACKNOWLEDGED_BEFORE_KILL), CLIENTS);
                storm.awaitAcknowledged(ACKNOWLEDGED_BEFORE_KILL, Duration.ofMinutes(3));
                server.kill();
                storm.close();
                System.out.printf("round %d: answers %s, requests cut by the kill %d, ids answered 201: %d%n",
                        round, storm.statuses(), storm.failedRequests(), storm.acknowledged().size());
                assertThat(storm.acknowledged()).hasSizeGreaterThanOrEqualTo(ACKNOWLEDGED_BEFORE_KILL);
                assertThat(storm.statuses().keySet()).as("answers during the storm").containsOnly(201);
                assertThat(storm.reusedIds()).as("ids answered twice in one storm").isZero();
                storm.acknowledged().forEach((id, bytes) -> {
                    byte[] earlier = promised.put(id, bytes);
                    assertThat(earlier).as("id %d was answered before the restart for other bytes", id).isNull();
                });
            }
        }
        try (ServerJarProcess server = ServerJarProcess.start(dataDir, databaseArguments())) {
            assertEveryPromiseKept(server, promised, ROUNDS + 1);
        }
    }

    @Test
    void sigtermFinishesTheUploadsInFlightAndEveryAnswerIsKept() throws Exception {
        Corpus corpus = Corpus.ofRealSamples(CLIENT_OUTPUTS);
        Map<Long, byte[]> promised = new HashMap<>();
        Duration shutdown;
        try (ServerJarProcess server = ServerJarProcess.start(dataDir, databaseArguments())) {
            UploadStorm storm = new UploadStorm(server, corpus.next(4 * ACKNOWLEDGED_BEFORE_KILL), CLIENTS);
            storm.awaitAcknowledged(ACKNOWLEDGED_BEFORE_KILL / 3, Duration.ofMinutes(3));
            shutdown = server.terminate(Duration.ofSeconds(25));
            storm.close();
            promised.putAll(storm.acknowledged());
            System.out.printf("SIGTERM mid-storm: ended after %d ms; answers %s, requests refused or cut %d%n",
                    shutdown.toMillis(), storm.statuses(), storm.failedRequests());
            assertThat(storm.statuses().keySet()).as("answers during the storm, first bodies %s", storm.firstBodies())
                    .isSubsetOf(201, 503);
        }
        try (ServerJarProcess server = ServerJarProcess.start(dataDir, databaseArguments())) {
            assertEveryPromiseKept(server, promised, 2);
        }
    }

    private static void assertEveryPromiseKept(ServerJarProcess server, Map<Long, byte[]> promised, int start)
            throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        int kept = 0;
        for (Map.Entry<Long, byte[]> promise : promised.entrySet()) {
            HttpResponse<byte[]> raw = http.send(HttpRequest.newBuilder(server.uri("/api/v1/runs/" + promise.getKey()
                    + "/raw")).header("Authorization", "Bearer " + ServerJarProcess.TOKEN).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(raw.statusCode()).as("run %d after restart %d", promise.getKey(), start - 1).isEqualTo(200);
            assertThat(raw.body()).as("raw bytes of run %d", promise.getKey()).isEqualTo(promise.getValue());
            kept++;
        }
        System.out.printf("start %d: %d of %d runs answered 201 before are there with identical bytes%n", start,
                kept, promised.size());
    }
}
