package com.burstline.server.job;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How far a job is and how long it has left, as its page shows it: each scenario takes its duration plus its omitted
 * seconds, the running one counts the time since it started, and the time left counts the cool-downs still ahead the
 * way the job is planned ({@code PlannedTime}): a scenario starts only once every host it uses has rested
 * {@code coolDownSeconds} since its last scenario. {@code text} is the line under the progress bar. The field names
 * are part of the API.
 */
public record JobProgress(int finished, int count, double measuredSeconds, double totalSeconds, double secondsLeft,
                          int percentDone, String text) {

    static JobProgress of(JobView job, Instant now) {
        double total = 0;
        double done = 0;
        int finished = 0;
        for (ScenarioView scenario : job.scenarios()) {
            int seconds = scenario.scenario().measuringSeconds();
            total += seconds;
            if (scenario.status().finished()) {
                done += seconds;
                finished++;
            } else if (scenario.status() == ScenarioStatus.RUNNING && scenario.startedAt() != null) {
                done += Math.min(seconds, Math.max(0, secondsBetween(scenario.startedAt(), now)));
            }
        }
        double left = secondsLeft(job, now);
        int percent = total > 0 ? (int) Math.round(done / total * 100) : 0;
        return new JobProgress(finished, job.scenarios().size(), done, total, left, percent,
                text(job, finished, total, left));
    }

    /** "3 of 6 scenarios done · about 1 min 30 s left". */
    private static String text(JobView job, int finished, double total, double left) {
        String scenarios = finished + " of " + job.scenarios().size() + " scenarios done";
        if (job.status().finished()) {
            return scenarios + " · job " + job.status().name().toLowerCase(Locale.ROOT);
        }
        if (job.status() == JobStatus.QUEUED) {
            return scenarios + " · waiting for its agents, which jobs before it use; about " + duration(total)
                    + " of measuring";
        }
        return scenarios + " · about " + duration(left) + " left"
                + (job.coolDownSeconds() > 0 ? ", cool-downs included" : "");
    }

    /**
     * Walks the scenarios in the order they run, on a clock in seconds: what ran sets when its hosts are free, the
     * running one ends when its time is up (or now, if it overran), a cool-down in progress waits until its end.
     */
    private static double secondsLeft(JobView job, Instant now) {
        Map<String, Double> freeAt = new HashMap<>();
        double clock = 0;
        for (ScenarioView scenario : job.scenarios()) {
            List<String> hosts = List.of(scenario.sut(), scenario.peer());
            if (scenario.status().finished()) {
                if (scenario.startedAt() != null && scenario.finishedAt() != null) {
                    double end = secondsBetween(now, scenario.finishedAt());
                    hosts.forEach(host -> freeAt.put(host, end));
                }
                continue;
            }
            double start = clock;
            if (scenario.status() == ScenarioStatus.RUNNING && scenario.startedAt() != null) {
                start = secondsBetween(now, scenario.startedAt());
            } else {
                JobView.CoolingDown cooling = job.coolingDown();
                if (cooling != null && cooling.scenarioId() == scenario.id()) {
                    start = Math.max(start, secondsBetween(now, cooling.until()));
                }
                for (String host : hosts) {
                    if (freeAt.containsKey(host)) {
                        start = Math.max(start, freeAt.get(host) + job.coolDownSeconds());
                    }
                }
            }
            double end = Math.max(0, start + scenario.scenario().measuringSeconds());
            hosts.forEach(host -> freeAt.put(host, end));
            clock = Math.max(clock, end);
        }
        return Math.max(0, clock);
    }

    /** Seconds from {@code from} to {@code to}, negative when {@code to} is earlier. */
    private static double secondsBetween(Instant from, Instant to) {
        return Duration.between(from, to).toMillis() / 1000.0;
    }

    private static String duration(double seconds) {
        long rounded = Math.round(seconds);
        long minutes = rounded / 60;
        return minutes > 0 ? minutes + " min " + rounded % 60 + " s" : rounded + " s";
    }
}
