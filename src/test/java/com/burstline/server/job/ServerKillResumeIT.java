package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import com.burstline.testsupport.ServerJarProcess;
import com.burstline.testsupport.TestPorts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.API_TOKEN;
import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A restart costs no job: the real server jar, on the embedded H2, is killed with SIGKILL while a job of six
 * scenarios runs between two real agents (iperf3 on loopback), and started again on the same data and address. The
 * job finishes, every scenario has exactly one stored run, and the job's history shows the restart; the same for a
 * job that was only queued behind another when the server died.
 */
class ServerKillResumeIT {
    private static final Duration PATIENCE = Duration.ofMinutes(4);
    private static final String SIX = """
            {"sut": "kill-sut", "peer": "kill-peer", "scenarios": [
              {"protocol": "TCP", "direction": "upload", "durationSeconds": 2, "intervalSeconds": 1},
              {"protocol": "TCP", "direction": "download", "durationSeconds": 2, "intervalSeconds": 1},
              {"protocol": "TCP", "direction": "upload", "streams": 4, "durationSeconds": 2, "intervalSeconds": 1},
              {"protocol": "TCP", "direction": "download", "streams": 4, "durationSeconds": 2, "intervalSeconds": 1},
              {"protocol": "UDP", "direction": "upload", "targetBitsPerSecond": 100000000, "durationSeconds": 2,
               "intervalSeconds": 1},
              {"protocol": "UDP", "direction": "download", "targetBitsPerSecond": 100000000, "durationSeconds": 2,
               "intervalSeconds": 1}]}""";

    @TempDir
    Path workDir;
    private final List<AutoCloseable> started = new ArrayList<>();
    private int port;
    private List<String> arguments;

    @AfterEach
    void stopAll() throws Exception {
        for (int i = started.size() - 1; i >= 0; i--) {
            started.get(i).close();
        }
    }

    @Test
    void aJobRunningWhenTheServerIsKilledFinishesAfterTheRestartWithOneRunPerScenario() throws Exception {
        JobApiClient api = startServerAndAgents();
        long jobId = json(api.createJob(SIX)).get("id").longValue();
        api.awaitScenario(jobId, 2, "RUNNING");

        kill();
        JsonNode job = awaitEnd(api, jobId);

        assertEveryScenarioHasOneRun(api, job, 6);
        System.out.println("history of the job killed mid-way: " + job.get("history").valueStream()
                .map(e -> e.get("text").stringValue()).toList());
        // the spooled result may settle the scenario in flight before the job is resumed, or after
        assertThat(kinds(job)).as(job.get("history").toString()).startsWith("RESTARTED").contains("RESUMED")
                .containsAnyOf("SETTLED", "RERUN");
        assertThat(job.get("history").valueStream().map(e -> e.get("text").stringValue())
                .filter(text -> text.startsWith("resumed"))).singleElement().asString()
                .matches("resumed at scenario [34]");
    }

    @Test
    void aJobOnlyQueuedWhenTheServerIsKilledRunsAfterTheRestart() throws Exception {
        JobApiClient api = startServerAndAgents();
        long first = json(api.createJob("""
                {"sut": "kill-sut", "peer": "kill-peer", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 4, "intervalSeconds": 1}]}""")).get("id").longValue();
        api.awaitScenario(first, 0, "RUNNING");
        long queued = json(api.createJob(SIX)).get("id").longValue();
        assertThat(api.job(queued).get("status").stringValue()).as("it waits for its hosts").isEqualTo("QUEUED");

        kill();
        JsonNode job = awaitEnd(api, queued);

        assertEveryScenarioHasOneRun(api, job, 6);
        assertThat(kinds(job)).as(job.get("history").toString()).containsExactly("RESTARTED");
        assertEveryScenarioHasOneRun(api, awaitEnd(api, first), 1);
    }

    private JobApiClient startServerAndAgents() throws Exception {
        port = TestPorts.free();
        arguments = List.of("--burstline.agent-token=" + AGENT_TOKEN, "--burstline.agents.heartbeat-seconds=1",
                "--burstline.jobs.iperf3-port=" + TestPorts.iperf3Pool());
        started.add(ServerJarProcess.start(workDir.resolve("data"), port, API_TOKEN, arguments));
        String url = "http://127.0.0.1:" + port;
        JobApiClient api = new JobApiClient(url);
        for (String name : List.of("kill-sut", "kill-peer")) {
            started.add(AgentProcess.start(url, AGENT_TOKEN, name, workDir));
        }
        for (String name : List.of("kill-sut", "kill-peer")) {
            Eventually.await(name + " to register", PATIENCE, () -> api.get("/api/v1/agents/" + name),
                    response -> response.statusCode() == 200 && json(response).get("online").booleanValue());
        }
        return api;
    }

    /** SIGKILL, then the same jar on the same data and address, as an upgrade after a crash would. */
    private void kill() throws Exception {
        ServerJarProcess server = (ServerJarProcess) started.get(0);
        server.kill();
        started.set(0, ServerJarProcess.start(workDir.resolve("data"), port, API_TOKEN, arguments));
    }

    private static JsonNode awaitEnd(JobApiClient api, long jobId) {
        return Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                job -> !Set.of("QUEUED", "RUNNING").contains(job.get("status").stringValue()));
    }

    private static void assertEveryScenarioHasOneRun(JobApiClient api, JsonNode job, int scenarios) {
        assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        assertThat(job.get("scenarios").size()).isEqualTo(scenarios);
        Set<Long> runs = job.get("scenarios").valueStream().map(s -> s.get("runId").longValue())
                .collect(Collectors.toSet());
        assertThat(runs).hasSize(scenarios);
        JsonNode stored = json(api.get("/api/v1/runs?job=" + job.get("id").longValue() + "&size=50"));
        assertThat(stored.get("page").get("totalElements").longValue()).as("runs stored for the job")
                .isEqualTo(scenarios);
    }

    private static List<String> kinds(JsonNode job) {
        return job.get("history").valueStream().map(e -> e.get("kind").stringValue()).toList();
    }
}
