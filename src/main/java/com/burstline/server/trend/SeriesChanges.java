package com.burstline.server.trend;

import com.burstline.contract.Scenario;
import com.burstline.server.run.RunFilter;
import com.burstline.server.run.RunPoint;
import com.burstline.server.run.RunSelection;
import com.burstline.server.run.RunSelections;
import org.springframework.stereotype.Service;
import org.springframework.web.util.UriComponentsBuilder;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The newest change point of one run's series (its pair and scenario), found as {@code /api/v1/trends} finds them,
 * for features that act on a change (a schedule's webhook). The run filters match names anywhere in the value, so
 * the series is narrowed here to the run's own pair: "lab-a" must not pull in "lab-a2".
 */
@Service
public class SeriesChanges {
    private final RunSelections selections;
    private final Trends trends;

    SeriesChanges(RunSelections selections, Trends trends) {
        this.selections = selections;
        this.trends = trends;
    }

    /**
     * A significant change in a series: where its new level starts ({@code runId}), the levels on either side in
     * bit/s and the permutation test's p-value; {@code includesRun} says the run asked about is in the new level.
     */
    public record Change(Scenario scenario, String sut, String peer, long runId, double beforeBitsPerSecond,
                         double afterBitsPerSecond, double changePercent, double pValue, double significanceLevel,
                         String description, boolean includesRun) {

        /** The trends page of this series. */
        public String trendPath() {
            UriComponentsBuilder path = UriComponentsBuilder.fromPath("/trends").queryParam("sut", sut)
                    .queryParam("peer", peer).queryParam("protocol", scenario.protocol())
                    .queryParam("direction", scenario.direction()).queryParam("streams", scenario.streams());
            if (scenario.udp() && scenario.targetBitsPerSecond() != null) {
                path.queryParam("target", scenario.targetBitsPerSecond());
            }
            return path.encode().build().toUriString();
        }
    }

    /**
     * The newest change point in the newest {@value TrendQuery#DEFAULT_LAST} runs of the series run {@code runId}
     * belongs to. Empty when the run is gone, names no pair, or the series has no change point.
     */
    public Optional<Change> newestChange(long runId) {
        List<RunPoint> found = selections.newestPoints(new RunSelection(List.of(runId), null, null, null), null,
                null, 1);
        if (found.isEmpty() || found.get(0).sut() == null || found.get(0).peer() == null) {
            return Optional.empty();
        }
        RunPoint run = found.get(0);
        List<RunPoint> series = series(run);
        int at = series.stream().map(RunPoint::id).toList().indexOf(runId);
        List<TrendResult.ChangePoint> changes = trends.analyse(series, false).changePoints();
        if (at < 0 || changes.isEmpty()) {
            return Optional.empty();
        }
        TrendResult.ChangePoint last = changes.get(changes.size() - 1);
        return Optional.of(new Change(run.scenario(), run.sut(), run.peer(), last.runId(),
                last.beforeBitsPerSecond(), last.afterBitsPerSecond(), last.changePercent(), last.pValue(),
                Trends.SIGNIFICANCE, last.description(), at >= last.index()));
    }

    /** The run's pair and scenario, oldest first. */
    private List<RunPoint> series(RunPoint run) {
        Scenario scenario = run.scenario();
        RunFilter filter = new RunFilter(run.sut(), run.peer(), null, null, scenario.protocol(), scenario.direction(),
                null);
        Long target = scenario.udp() ? scenario.targetBitsPerSecond() : null;
        List<RunPoint> series = new ArrayList<>(selections.newestPoints(new RunSelection(null, filter, null, null),
                        scenario.streams(), target, TrendQuery.DEFAULT_LAST).stream()
                .filter(point -> run.sut().equals(point.sut()) && run.peer().equals(point.peer()))
                .limit(TrendQuery.DEFAULT_LAST).toList());
        Collections.reverse(series);
        return series;
    }
}
