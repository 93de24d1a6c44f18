package com.burstline.server.run;

import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/**
 * Stored runs as summaries, with what their per-interval sums say (whether the burst credits ran out): the one way
 * every read of runs makes its summaries, each batch of runs in a few queries ({@link IntervalBatchReader}).
 */
@Component
class RunSummaries {
    private final IntervalBatchReader intervals;

    RunSummaries(IntervalBatchReader intervals) {
        this.intervals = intervals;
    }

    List<RunSummary> of(List<Run> runs) {
        Map<Long, List<IntervalRow>> sums = intervals.sums(runs.stream().map(Run::getId).toList());
        return runs.stream().map(run -> run.toSummary(sums.get(run.getId()))).toList();
    }

    RunSummary of(Run run) {
        return of(List.of(run)).get(0);
    }
}
