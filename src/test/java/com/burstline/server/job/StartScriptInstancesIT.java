package com.burstline.server.job;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two scripts/start.sh at once, as root (each in its shaped lab): one on port 18410 with the lab its port names
 * (bl18410, 10.234.0.0/16), one on port 18411 with a lab named by BURSTLINE_LAB and BURSTLINE_LAB_NET (blho-st,
 * 10.113.0.0/16). Both first jobs succeed, and stopping the first leaves the second's agents online, heartbeating
 * well past the three periods after which the server calls an agent offline. Needs root, as CI is.
 */
class StartScriptInstancesIT {
    /** Generous: two servers and four agents start at once on two shared cores. */
    private static final Duration PATIENCE = Duration.ofMinutes(8);
    @TempDir
    static Path workDir;
    private static final List<Process> scripts = new ArrayList<>();

    @AfterAll
    static void stopScripts() throws Exception {
        for (Process script : scripts) {
            script.destroy();
            if (!script.waitFor(120, TimeUnit.SECONDS)) {
                script.descendants().forEach(ProcessHandle::destroyForcibly);
                script.destroyForcibly();
            }
        }
        // what a script killed before its own clean-up would have left: these two labs, by their names
        for (Map<String, String> lab : List.of(Map.of("BURSTLINE_LAB", "bl18410", "BURSTLINE_LAB_NET", "10.234"),
                Map.of("BURSTLINE_LAB", "blho-st", "BURSTLINE_LAB_NET", "10.113"))) {
            ProcessBuilder down = new ProcessBuilder("scripts/lab-network.sh", "down").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD);
            down.environment().putAll(lab);
            down.start().waitFor(60, TimeUnit.SECONDS);
        }
    }

    @Test
    void twoInstancesRunTheirFirstJobsAndStoppingOneLeavesTheOthersAgentsOnline() throws Exception {
        Process first = start(18410, Map.of());
        Process second = start(18411, Map.of("BURSTLINE_LAB", "blho-st", "BURSTLINE_LAB_NET", "10.113"));
        JobApiClient one = client(18410, first);
        JobApiClient two = client(18411, second);

        for (JobApiClient api : List.of(one, two)) {
            JsonNode job = Eventually.await("the first job of " + api, PATIENCE, () -> firstJob(api),
                    found -> found != null && !List.of("QUEUED", "RUNNING").contains(found.get("status").stringValue()));
            assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
        }
        assertThat(namespaces()).contains("bl18410-a", "bl18410-b", "blho-st-a", "blho-st-b");

        first.destroy(); // SIGTERM, as Ctrl-C: start.sh stops its server, its agents and its lab
        assertThat(first.waitFor(120, TimeUnit.SECONDS)).isTrue();
        Instant stopped = Instant.now();
        assertThat(namespaces()).doesNotContain("bl18410-a", "bl18410-b").contains("blho-st-a", "blho-st-b");

        for (String name : List.of("lab-a", "lab-b")) {
            JsonNode agent = Eventually.await(name + " of the second instance to heartbeat 20 s after the first "
                            + "stopped", Duration.ofSeconds(60), () -> json(two.get("/api/v1/agents/" + name)),
                    found -> found.get("online").booleanValue() && Instant.parse(found.get("lastSeenAt")
                            .stringValue()).isAfter(stopped.plusSeconds(20)));
            assertThat(agent.get("online").booleanValue()).isTrue();
        }
        assertThat(second.isAlive()).isTrue();
    }

    private static Process start(int port, Map<String, String> lab) throws IOException {
        Path log = workDir.resolve("start-" + port + ".log");
        ProcessBuilder builder = new ProcessBuilder("scripts/start.sh").redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(Map.of("BURSTLINE_PORT", String.valueOf(port), "BURSTLINE_DATA_DIR",
                workDir.resolve("data-" + port).toString(), "BURSTLINE_FIRST_RUN_SECONDS", "1"));
        builder.environment().putAll(lab);
        Process script = builder.start();
        scripts.add(script);
        return script;
    }

    /** A client with the instance's bootstrap token, once its server wrote it and answers. */
    private static JobApiClient client(int port, Process script) {
        Path token = workDir.resolve("data-" + port).resolve("api-token");
        Eventually.await("start.sh on " + port + " to start its server", PATIENCE,
                () -> script.isAlive() && Files.isRegularFile(token), started -> started);
        JobApiClient api = new JobApiClient("http://127.0.0.1:" + port, read(token));
        Eventually.await("the server on " + port, PATIENCE, () -> statusOf(api), status -> status == 200);
        return api;
    }

    private static JsonNode firstJob(JobApiClient api) {
        var response = api.get("/api/v1/jobs/1");
        return response.statusCode() == 200 ? json(response) : null;
    }

    private static int statusOf(JobApiClient api) {
        try {
            return api.get("/actuator/health").statusCode();
        } catch (RuntimeException notYet) {
            return 0;
        }
    }

    private static String namespaces() throws IOException, InterruptedException {
        Process list = new ProcessBuilder("ip", "netns", "list").start();
        String names = new String(list.getInputStream().readAllBytes());
        list.waitFor();
        return names;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
