package com.burstline.server.schedule;

import com.burstline.server.trend.SeriesChanges;

/**
 * The JSON a schedule's webhook receives when a run of its job makes a change point appear, one notice per figure:
 * {@code figure} is the trend's ({@code received}, or the latency figure {@code loaded-p99} or
 * {@code transactions-p99}), {@code figureName} its words, {@code before} and {@code after} its levels in
 * {@code unit}, {@code higherIsWorse} which way is a regression and {@code worse} whether this step is one. A
 * throughput notice also has its levels in bit/s ({@code beforeBitsPerSecond}, {@code afterBitsPerSecond}, null in a
 * latency notice). {@code changeRun} is where the new level starts, {@code run} the newest run, which confirmed it;
 * {@code link} opens the trend.
 */
record ChangeNotice(String event, Ref schedule, Ref job, Ref run, Ref changeRun, String scenario, String sut,
                    String peer, double changePercent, Double beforeBitsPerSecond, Double afterBitsPerSecond,
                    double pValue, double significanceLevel, String description, String link, String figure,
                    String figureName, String unit, double before, double after, boolean higherIsWorse,
                    boolean worse) {

    record Ref(long id, String name, String link) {
    }

    static ChangeNotice of(ScheduleView schedule, long jobId, long runId, SeriesChanges.Change change, String base) {
        return new ChangeNotice("change-point", new Ref(schedule.id(), schedule.name(),
                base + "/schedules/" + schedule.id()), new Ref(jobId, null, base + "/jobs/" + jobId),
                new Ref(runId, null, base + "/runs/" + runId),
                new Ref(change.runId(), null, base + "/runs/" + change.runId()), change.scenario().name(), change.sut(),
                change.peer(), change.changePercent(), change.beforeBitsPerSecond(), change.afterBitsPerSecond(),
                change.pValue(), change.significanceLevel(), change.description(), base + change.trendPath(),
                change.figure(), change.figureName(), change.unit(), change.before(), change.after(),
                change.higherIsWorse(), change.worse());
    }
}
