package com.burstline.server.run;

import org.springframework.stereotype.Component;

import java.util.List;
import java.util.Map;

/**
 * Stored runs as summaries, with what their per-interval sums say (whether the burst credits ran out: a long run's
 * from the figures kept at its import, {@link KeptSeriesFigures}) and what their receiving hosts counted of their own
 * drops ({@link HostDropsStore}): the one way every read of runs makes its summaries, each batch of runs in a few
 * queries.
 */
@Component
class RunSummaries {
    private static final int BATCH = 1000;
    private final KeptSeriesFigures series;
    private final HostDropsStore drops;

    RunSummaries(KeptSeriesFigures series, HostDropsStore drops) {
        this.series = series;
        this.drops = drops;
    }

    /** With what each run's receiving agents counted of their drops, which the verdict weighs. */
    List<RunSummary> of(List<Run> runs) {
        List<Long> ids = runs.stream().map(Run::getId).toList();
        Map<Long, SeriesFigures> figures = series.of(runs.stream().map(Run::seriesSubject).toList());
        Map<Long, Map<String, ReceiverDrops>> counted = new java.util.HashMap<>();
        for (int from = 0; from < ids.size(); from += BATCH) { // a statement's parameters are bounded
            counted.putAll(drops.find(ids.subList(from, Math.min(ids.size(), from + BATCH))));
        }
        return runs.stream().map(run -> run.toSummary(figures.get(run.getId()),
                counted.getOrDefault(run.getId(), Map.of()))).toList();
    }

    RunSummary of(Run run) {
        return of(List.of(run)).get(0);
    }
}
