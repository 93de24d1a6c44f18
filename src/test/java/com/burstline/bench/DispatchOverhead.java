package com.burstline.bench;

import com.burstline.agent.AgentProcess;
import com.burstline.contract.LatencyProbeSpec;
import tools.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Dispatch overhead per scenario: two real agents on loopback, a job of short custom scenarios posted with the API
 * token, its wall time from just before the POST until {@code GET /api/v1/jobs/{id}} (polled every 20 ms) shows it
 * ended, minus the sum of the scenario durations, divided by the number of scenarios. The server's own timestamps
 * say where the overhead goes: before the first scenario, inside each scenario, and between scenarios.
 * <p>
 * The dispatch jobs turn the loaded-latency probe off ({@code "latencyProbe": false}): a job runs it by default, and
 * its deliberate idle window before the bulk traffic ({@link LatencyProbeSpec#DEFAULT_IDLE_SECONDS} s a scenario)
 * is measuring, not dispatch. Jobs with the probe on run after them and are told apart: their overhead is stated
 * beyond the scenarios' durations and the probe's idle window both.
 */
final class DispatchOverhead {
    private static final String[] SCENARIOS = {
            "{\"protocol\": \"TCP\", \"direction\": \"upload\", \"streams\": 1%s}",
            "{\"protocol\": \"TCP\", \"direction\": \"upload\", \"streams\": 4%s}",
            "{\"protocol\": \"TCP\", \"direction\": \"download\", \"streams\": 1%s}",
            "{\"protocol\": \"TCP\", \"direction\": \"download\", \"streams\": 4%s}",
            "{\"protocol\": \"UDP\", \"direction\": \"upload\", \"targetBitsPerSecond\": 100000000%s}",
            "{\"protocol\": \"UDP\", \"direction\": \"upload\", \"targetBitsPerSecond\": 500000000%s}"};

    private final ServerApi api;
    private final String agentToken;
    private final Path workDir;
    private final JvmVariant launch;

    /** @param launch how the agents and the bare daemon are launched: the agent's own JVM options and environment */
    DispatchOverhead(ServerApi api, String agentToken, Path workDir, JvmVariant launch) {
        this.api = api;
        this.agentToken = agentToken;
        this.workDir = workDir;
        this.launch = launch;
    }

    /**
     * @param probeJobs jobs with the loaded-latency probe on, after the others; their figures are printed, not returned
     * @return the overhead per scenario in seconds of the jobs without the probe, one figure per job
     */
    List<Double> measure(int jobs, int probeJobs, int scenarioSeconds) throws Exception {
        System.out.println();
        System.out.printf(Locale.ROOT, "Dispatch overhead (two agents on loopback; %d scenarios of %d s each, 1 s "
                + "intervals, omit 0: TCP upload 1 and 4 streams, download 1 and 4, UDP 100 and 500 Mbit/s):%n",
                SCENARIOS.length, scenarioSeconds);
        List<Double> overheads = new ArrayList<>();
        try (AgentProcess sut = AgentProcess.startWithFlags(api.base(), agentToken, "bench-sut", workDir,
                launch.env(), launch.flags());
             AgentProcess peer = AgentProcess.startWithFlags(api.base(), agentToken, "bench-peer", workDir,
                     launch.env(), launch.flags())) {
            api.awaitAgent("bench-sut", Duration.ofSeconds(60));
            api.awaitAgent("bench-peer", Duration.ofSeconds(60));
            for (int job = 1; job <= jobs; job++) {
                overheads.add(runJob(job, scenarioSeconds, false));
            }
            for (int job = 1; job <= probeJobs; job++) {
                runJob(jobs + job, scenarioSeconds, true);
            }
        }
        return overheads;
    }

    private double runJob(int number, int scenarioSeconds, boolean latencyProbe) throws Exception {
        long started = System.nanoTime();
        long id = api.post("/api/v1/jobs", jobJson(scenarioSeconds, latencyProbe)).path("id").longValue();
        JsonNode job = api.awaitJob(id, Duration.ofSeconds(SCENARIOS.length * (scenarioSeconds + 30L) + 60));
        double wall = (System.nanoTime() - started) / 1e9;
        JsonNode scenarios = job.path("scenarios");
        int idle = latencyProbe ? LatencyProbeSpec.DEFAULT_IDLE_SECONDS : 0;
        double measuring = 0;
        for (JsonNode scenario : scenarios) {
            measuring += scenario.path("durationSeconds").intValue() + scenario.path("omitSeconds").intValue() + idle;
        }
        double overhead = (wall - measuring) / scenarios.size();
        System.out.printf(Locale.ROOT, "  job %d (id %d%s): %s; wall %.2f s - %d scenarios x %d s%s = %.2f s; "
                + "overhead per scenario %.2f s (goal <= %.1f s: %s)%n", number, id,
                latencyProbe ? ", loaded-latency probe on" : "", job.path("status").stringValue(), wall,
                scenarios.size(), scenarioSeconds, latencyProbe ? " - the probe's idle " + idle + " s each" : "",
                wall - measuring, overhead, AgentBenchmark.DISPATCH_GOAL_SECONDS,
                overhead <= AgentBenchmark.DISPATCH_GOAL_SECONDS ? "reached" : "NOT reached");
        printBreakdown(job, idle, failures(scenarios));
        return overhead;
    }

    /**
     * Where the time went by the server's clock: queued, each scenario beyond its duration (and the probe's idle
     * window, {@code idle} s), gaps between them.
     */
    private static void printBreakdown(JsonNode job, int idle, String failures) {
        JsonNode scenarios = job.path("scenarios");
        double queued = seconds(job.path("createdAt"), scenarios.get(0).path("startedAt"));
        List<String> extra = new ArrayList<>();
        List<String> gaps = new ArrayList<>();
        for (int i = 0; i < scenarios.size(); i++) {
            JsonNode s = scenarios.get(i);
            extra.add(format(seconds(s.path("startedAt"), s.path("finishedAt")) - s.path("durationSeconds").intValue()
                    - s.path("omitSeconds").intValue() - idle));
            if (i > 0) {
                gaps.add(format(seconds(scenarios.get(i - 1).path("finishedAt"), s.path("startedAt"))));
            }
        }
        System.out.printf(Locale.ROOT, "    server clock: created to first scenario %.2f s; each scenario beyond its "
                + "duration [%s] s; between scenarios [%s] s; last scenario to job end %.2f s%s%n", queued,
                String.join(" ", extra), String.join(" ", gaps),
                seconds(scenarios.get(scenarios.size() - 1).path("finishedAt"), job.path("finishedAt")), failures);
    }

    private static String jobJson(int scenarioSeconds, boolean latencyProbe) {
        String timing = ", \"durationSeconds\": " + scenarioSeconds + ", \"intervalSeconds\": 1, \"omitSeconds\": 0";
        List<String> scenarios = new ArrayList<>();
        for (String scenario : SCENARIOS) {
            scenarios.add(String.format(Locale.ROOT, scenario, timing));
        }
        return "{\"sut\": \"bench-sut\", \"peer\": \"bench-peer\", \"tags\": [\"bench\"], \"latencyProbe\": "
                + latencyProbe + ", \"scenarios\": [" + String.join(", ", scenarios) + "]}";
    }

    private static String failures(JsonNode scenarios) {
        StringBuilder failed = new StringBuilder();
        for (JsonNode scenario : scenarios) {
            if (!"SUCCEEDED".equals(scenario.path("status").stringValue())) {
                failed.append("\n    scenario ").append(scenario.path("position").intValue()).append(' ')
                        .append(scenario.path("status").stringValue()).append(": ")
                        .append(scenario.path("error").stringValue(""));
            }
        }
        return failed.toString();
    }

    private static double seconds(JsonNode from, JsonNode to) {
        if (!from.isString() || !to.isString()) {
            return Double.NaN;
        }
        return Duration.between(Instant.parse(from.stringValue()), Instant.parse(to.stringValue())).toNanos() / 1e9;
    }

    private static String format(double seconds) {
        return String.format(Locale.ROOT, "%.2f", seconds);
    }
}
