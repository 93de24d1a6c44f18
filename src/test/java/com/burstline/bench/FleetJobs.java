package com.burstline.bench;

import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * N jobs posted at once, round-robin over the real agents' pairs (fast-sut-P to fast-peer-P), each one short TCP
 * scenario; then their figures by the server's own clock: how long the POST took, how long each scenario ran beyond
 * its measuring time (dispatch to the agents, the tool's start and end, the result's intake), and how long a pair
 * stood idle between one job's end and the next queued job's start.
 */
final class FleetJobs {
    private final ServerApi api;
    private final int pairs;
    private final int scenarioSeconds;
    private final int bitsPerSecond;

    /** @param bitsPerSecond the scenario's target (iperf3 -b), or 0 for as fast as the loopback goes */
    FleetJobs(ServerApi api, int pairs, int scenarioSeconds, int bitsPerSecond) {
        this.api = api;
        this.pairs = pairs;
        this.scenarioSeconds = scenarioSeconds;
        this.bitsPerSecond = bitsPerSecond;
    }

    Figures run(int count) throws Exception {
        List<Long> ids = new ArrayList<>();
        List<Double> postMillis = new ArrayList<>();
        long started = System.nanoTime();
        for (int i = 0; i < count; i++) {
            int pair = i % pairs + 1;
            long sent = System.nanoTime();
            ids.add(api.post("/api/v1/jobs", "{\"sut\": \"fast-sut-" + pair + "\", \"peer\": \"fast-peer-" + pair
                    + "\", \"tags\": [\"fleet\"], \"scenarios\": [{\"protocol\": \"TCP\", \"direction\": \"upload\", "
                    + "\"streams\": 1, \"durationSeconds\": " + scenarioSeconds + ", \"intervalSeconds\": 1, "
                    + "\"omitSeconds\": 0" + (bitsPerSecond > 0 ? ", \"targetBitsPerSecond\": " + bitsPerSecond : "")
                    + "}]}").path("id").longValue());
            postMillis.add((System.nanoTime() - sent) / 1e6);
        }
        List<JsonNode> jobs = new ArrayList<>();
        for (long id : ids) {
            jobs.add(api.awaitJob(id, Duration.ofSeconds(count * (scenarioSeconds + 30L))));
        }
        return new Figures(jobs, postMillis, (System.nanoTime() - started) / 1e9, scenarioSeconds);
    }

    record Figures(List<JsonNode> jobs, List<Double> postMillis, double wallSeconds, int scenarioSeconds) {
        void print() {
            List<Double> beyond = new ArrayList<>();
            List<Double> gaps = new ArrayList<>();
            long failed = jobs.stream().filter(job -> !"SUCCEEDED".equals(job.path("status").stringValue())).count();
            for (String pair : jobs.stream().map(job -> job.path("sut").stringValue()).distinct().toList()) {
                List<JsonNode> scenarios = jobs.stream().filter(job -> pair.equals(job.path("sut").stringValue()))
                        .map(job -> job.path("scenarios").get(0)).filter(s -> s.path("startedAt").isString())
                        .sorted(Comparator.comparing(s -> s.path("startedAt").stringValue())).toList();
                for (int i = 0; i < scenarios.size(); i++) {
                    JsonNode s = scenarios.get(i);
                    if (s.path("finishedAt").isString()) {
                        beyond.add(FleetBenchmark.seconds(s.path("startedAt"), s.path("finishedAt")) - scenarioSeconds);
                    }
                    if (i > 0 && scenarios.get(i - 1).path("finishedAt").isString()) {
                        gaps.add(FleetBenchmark.seconds(scenarios.get(i - 1).path("finishedAt"), s.path("startedAt")));
                    }
                }
            }
            System.out.printf(Locale.ROOT, "  %d jobs (%d not SUCCEEDED) in %.1f s; POST /api/v1/jobs p50 %.1f ms p99 "
                    + "%.1f ms; each scenario beyond its %d s p50 %.3f s p99 %.3f s; a pair idle between queued jobs "
                    + "p50 %.3f s p99 %.3f s%n", jobs.size(), failed, wallSeconds, Stats.median(postMillis),
                    Stats.percentile(postMillis, 99), scenarioSeconds, Stats.median(beyond),
                    Stats.percentile(beyond, 99), Stats.median(gaps), Stats.percentile(gaps, 99));
            jobs.stream().filter(job -> !"SUCCEEDED".equals(job.path("status").stringValue())).limit(3)
                    .forEach(job -> System.out.println("    job " + job.path("id") + " " + job.path("status")
                            + ": " + job.path("scenarios").get(0).path("error")));
        }
    }
}
