package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import com.burstline.testsupport.Nginx;
import com.burstline.testsupport.PostgresSchema;
import com.burstline.testsupport.ServerJarProcess;
import com.burstline.testsupport.TestPorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.API_TOKEN;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two server processes (the real jar) on one real PostgreSQL share the work: agents enrolled through either; 20 jobs
 * queued at once through both each run exactly once, on one server; a live job page opened on one server shows the
 * samples agents sent to the other, throughput and latency alike; and when the server running a job is killed
 * mid-scenario, the other takes the job over and finishes it, one run per scenario, its agents reaching it through
 * nginx configured as docs/nginx/burstline.conf says.
 */
class ReplicasPostgresIT {
    private static final Duration PATIENCE = Duration.ofMinutes(4);
    private static final Pattern RAN = Pattern.compile("(?:Running|Resuming) job (\\d+)");

    @TempDir
    Path workDir;
    private final List<AutoCloseable> started = new ArrayList<>();
    private final PostgresSchema schema = new PostgresSchema();
    private ServerJarProcess a;
    private ServerJarProcess b;

    @AfterEach
    void stopAll() throws Exception {
        for (int i = started.size() - 1; i >= 0; i--) {
            started.get(i).close();
        }
        schema.drop();
    }

    @Test
    void twoServersShareTheJobsTheLivePagesAndTakeOverFromEachOther() throws Exception {
        assertThat(Nginx.available()).as("nginx is installed (scripts/install-prerequisites.sh installs it)").isTrue();
        int iperf3Port = TestPorts.iperf3Pools(2);
        a = server("a", iperf3Port);
        shareSigningKey(workDir.resolve("data-a"), workDir.resolve("data-b"));
        b = server("b", iperf3Port + TestPorts.IPERF3_POOL);
        JobApiClient apiA = new JobApiClient(a.base());
        JobApiClient apiB = new JobApiClient(b.base());
        Nginx nginx = Nginx.start(workDir.resolve("nginx"), a.port(), b.port());
        started.add(nginx);
        agents(a.base(), "r1-sut", "r1-peer");
        agents(b.base(), "r2-sut", "r2-peer");
        agents(nginx.base(), "r3-sut", "r3-peer");

        twentyJobsQueuedAtOnceRunExactlyOnce(apiA, apiB);
        aLivePageOnOneServerShowsSamplesSentToTheOther(apiB);
        theOtherServerFinishesAJobWhoseServerWasKilled(new JobApiClient(nginx.base()));
    }

    private void twentyJobsQueuedAtOnceRunExactlyOnce(JobApiClient apiA, JobApiClient apiB) throws Exception {
        List<CompletableFuture<Long>> posted = IntStream.range(0, 20).mapToObj(i -> CompletableFuture.supplyAsync(
                () -> json((i % 2 == 0 ? apiA : apiB).createJob(job(i % 4 < 2 ? "r1" : "r2", 1, 1))).get("id")
                        .longValue())).toList();
        Set<Long> ids = posted.stream().map(CompletableFuture::join).collect(Collectors.toSet());
        assertThat(ids).hasSize(20);
        for (long id : ids) {
            JsonNode job = awaitEnd(apiA, id);
            assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
            assertThat(runsOf(apiB, id)).as("runs of job %d", id).isEqualTo(1);
        }
        List<Long> onA = ran(a);
        List<Long> onB = ran(b);
        System.out.printf("20 jobs: %d ran on server a, %d on server b%n", onA.stream().filter(ids::contains).count(),
                onB.stream().filter(ids::contains).count());
        assertThat(Stream.concat(onA.stream(), onB.stream()).filter(ids::contains).toList())
                .as("every job started once, on one server").hasSize(20).doesNotHaveDuplicates();
    }

    private void aLivePageOnOneServerShowsSamplesSentToTheOther(JobApiClient apiB) throws Exception {
        long id = json(apiB.createJob(job("r2", 1, 6))).get("id").longValue();
        HttpResponse<Stream<String>> events = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(a.base() + "/api/v1/jobs/" + id + "/events"))
                .header("Authorization", "Bearer " + API_TOKEN).header("Accept", "text/event-stream").build(),
                HttpResponse.BodyHandlers.ofLines());
        assertThat(events.statusCode()).isEqualTo(200);
        CompletableFuture<Map<String, String>> first = CompletableFuture.supplyAsync(
                () -> firstData(events.body(), Set.of("samples", "latency")));
        Map<String, String> data = first.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        events.body().close();
        assertThat(data.get("samples")).as("a samples event on server a; the agents report to server b")
                .startsWith("data:").contains("\"scenarioId\"");
        assertThat(data.get("latency")).as("a latency event on server a: the probe's samples the SUT posted to b")
                .startsWith("data:").contains("\"scenarioId\"", "\"report\"", "\"phase\"").doesNotContain("nonce");
        assertThat(awaitEnd(apiB, id).get("status").stringValue()).isEqualTo("SUCCEEDED");
    }

    private void theOtherServerFinishesAJobWhoseServerWasKilled(JobApiClient throughNginx) throws Exception {
        long id = json(throughNginx.createJob(job("r3", 3, 3))).get("id").longValue();
        ServerJarProcess runner = Eventually.await("a server to run job " + id, PATIENCE,
                () -> ran(a).contains(id) ? a : ran(b).contains(id) ? b : null, server -> server != null);
        throughNginx.awaitScenario(id, 1, "RUNNING");
        runner.kill();
        ServerJarProcess survivor = runner == a ? b : a;
        JsonNode job = awaitEnd(new JobApiClient(survivor.base()), id);

        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        assertThat(runsOf(throughNginx, id)).isEqualTo(3);
        assertThat(job.get("scenarios").valueStream().map(s -> s.get("runId").longValue()).distinct().count())
                .isEqualTo(3);
        List<String> kinds = job.get("history").valueStream().map(e -> e.get("kind").stringValue()).toList();
        assertThat(kinds).as(job.get("history").toString()).contains("TAKEN_OVER", "RESUMED")
                .containsAnyOf("SETTLED", "RERUN");
        assertThat(kinds.indexOf("TAKEN_OVER")).as("taken over, then resumed").isLessThan(kinds.indexOf("RESUMED"));
        assertThat(job.get("history").get(kinds.indexOf("TAKEN_OVER")).get("previousServer").stringValue()).isEqualTo(runner == a ? "a" : "b");
    }

    /** The first data line of each named event, reading the stream until each came (or it ends). */
    private static Map<String, String> firstData(Stream<String> lines, Set<String> names) {
        Map<String, String> first = new HashMap<>();
        String event = null;
        for (Iterator<String> each = lines.iterator(); each.hasNext() && first.size() < names.size(); ) {
            String line = each.next();
            if (line.startsWith("event:")) {
                event = line.substring("event:".length());
            } else if (line.startsWith("data:") && names.contains(event)) {
                first.putIfAbsent(event, line);
            }
        }
        return first;
    }

    /**
     * Replicas sign their calls to agents with one key (operations.md): an agent pins the key of the server it
     * enrolled through, and any server may dispatch to it or take its job over.
     */
    private static void shareSigningKey(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        for (String file : List.of("agent-signing-key", "agent-signing-key.pub")) {
            Files.copy(from.resolve(file), to.resolve(file), StandardCopyOption.COPY_ATTRIBUTES);
        }
    }

    private ServerJarProcess server(String name, int iperf3Port) throws IOException {
        List<String> arguments = new ArrayList<>(schema.arguments());
        arguments.addAll(List.of("--burstline.agent-token=" + AGENT_TOKEN, "--burstline.agents.heartbeat-seconds=1",
                "--burstline.cluster.server-id=" + name, "--burstline.cluster.lease=6s",
                // a shared 2-core machine under other tests' load answers a loopback connection slowly at times
                "--burstline.jobs.agent-connect-timeout=15s",
                "--burstline.jobs.iperf3-port=" + iperf3Port));
        ServerJarProcess server = ServerJarProcess.start(workDir.resolve("data-" + name),
                TestPorts.free(), API_TOKEN, arguments);
        started.add(server);
        return server;
    }

    private void agents(String server, String... names) throws Exception {
        for (String name : names) {
            started.add(AgentProcess.start(server, AGENT_TOKEN, name, workDir));
        }
        JobApiClient api = new JobApiClient(server);
        for (String name : names) {
            Eventually.await(name + " to register", PATIENCE, () -> api.get("/api/v1/agents/" + name),
                    response -> response.statusCode() == 200 && json(response).get("online").booleanValue());
        }
    }

    private static String job(String pair, int scenarios, int seconds) {
        String scenario = "{\"protocol\": \"TCP\", \"durationSeconds\": " + seconds + ", \"intervalSeconds\": 1}";
        return "{\"sut\": \"" + pair + "-sut\", \"peer\": \"" + pair + "-peer\", \"scenarios\": ["
                + String.join(", ", java.util.Collections.nCopies(scenarios, scenario)) + "]}";
    }

    private static JsonNode awaitEnd(JobApiClient api, long id) {
        return Eventually.await("job " + id + " to end", PATIENCE, () -> api.job(id),
                job -> !Set.of("QUEUED", "RUNNING").contains(job.get("status").stringValue()));
    }

    private static long runsOf(JobApiClient api, long jobId) {
        return json(api.get("/api/v1/runs?job=" + jobId)).get("page").get("totalElements").longValue();
    }

    /** The jobs a server's log says it started or resumed, one entry per line. */
    private static List<Long> ran(ServerJarProcess server) {
        List<Long> ids = new ArrayList<>();
        try {
            Matcher matcher = RAN.matcher(server.log());
            while (matcher.find()) {
                ids.add(Long.parseLong(matcher.group(1)));
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return ids;
    }
}
