package com.burstline.server.job.planning;

import com.burstline.contract.Limit;
import com.burstline.contract.Scenario;
import com.burstline.contract.Direction;
import com.burstline.contract.Protocol;
import java.util.ArrayList;
import java.util.List;

/**
 * The "burst-probe" plan: one long TCP transfer per direction asked for (upload by default), at whatever the link
 * gives, until the rate steps down to the baseline (then the job's probe watch ends it) or {@code maxDurationSeconds}
 * passes. Four streams, as the standard plan's instance-limit scenarios, so a per-flow limit is not taken for the
 * burst rate; 1 s intervals, so the drop is confirmed (and the probe stopped) within seconds of it.
 */
public final class BurstProbePlan {
    public static final String NAME = "burst-probe";
    public static final int STREAMS = 4;
    public static final double INTERVAL = 1;
    public static final int DEFAULT_MAX_SECONDS = 3600;
    /** One scenario's bound in the wire contract: the agents refuse a longer one. */
    public static final Limit MAX_DURATION = new Limit("maxDurationSeconds", 1, Scenario.DURATION.max());

    private BurstProbePlan() {
    }

    /** The probe's scenarios, or problems added for what the request got wrong. */
    public static List<Scenario> scenarios(JobRequest request, List<Problem> problems) {
        if (request.durationSeconds() != null) {
            problems.add(Problem.of("a burst probe runs until the rate drops or maxDurationSeconds; give "
                    + "maxDurationSeconds instead of durationSeconds"));
        }
        if (request.repeat() != null && request.repeat() != 1) {
            problems.add(Problem.of("a burst probe runs once (repeat 1): a second probe right after the first finds "
                    + "the credit spent; start another job once it refilled"));
        }
        int seconds = DEFAULT_MAX_SECONDS;
        if (request.maxDurationSeconds() != null) {
            Problem problem = Problem.range(null, null, MAX_DURATION, request.maxDurationSeconds());
            if (problem != null) {
                problems.add(problem);
            } else {
                seconds = request.maxDurationSeconds();
            }
        }
        List<Scenario> planned = new ArrayList<>();
        for (Direction direction : directions(request.probeDirections(), problems)) {
            planned.add(scenario(direction, seconds));
        }
        return planned;
    }

    /** The probe in one direction: TCP, {@link #STREAMS} streams, 1 s intervals, until the rate drops or seconds. */
    public static Scenario scenario(Direction direction, int seconds) {
        return Scenario.of(Protocol.TCP, direction).streams(STREAMS).durationSeconds(seconds).intervalSeconds(INTERVAL)
                .build();
    }

    /** Settings only a burst probe reads are a mistake with any other plan, not something to ignore. */
    public static void refuseOutside(JobRequest request, List<Problem> problems) {
        if (request.probeDirections() != null || request.maxDurationSeconds() != null) {
            problems.add(Problem.of("probeDirections and maxDurationSeconds belong to plan '" + NAME
                    + "' only"));
        }
    }

    private static List<Direction> directions(List<String> names, List<Problem> problems) {
        if (names == null) {
            return List.of(Direction.UPLOAD);
        }
        List<Direction> directions = new ArrayList<>();
        for (String name : names) {
            boolean oneWay = Direction.UPLOAD.apiName().equals(name) || Direction.DOWNLOAD.apiName().equals(name);
            if (!oneWay) {
                problems.add(Problem.of("probeDirections may name upload and download, not "
                        + (name == null ? "null" : "'" + name + "'")));
            } else if (!directions.contains(Direction.fromApiName(name))) {
                directions.add(Direction.fromApiName(name));
            }
        }
        if (names.isEmpty()) {
            problems.add(Problem.of("probeDirections must name upload, download or both (or leave it out for "
                    + "upload)"));
        }
        return directions;
    }
}
