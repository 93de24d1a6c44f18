package com.burstline.server.trend;

import com.burstline.contract.Scenario;
import com.burstline.server.latency.RunLatencies;
import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.RunFilter;
import com.burstline.server.run.RunPoint;
import com.burstline.server.run.RunSelection;
import com.burstline.server.run.RunSelections;
import org.springframework.stereotype.Service;
import org.springframework.web.util.UriComponentsBuilder;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The newest change point of each figure of one run's series (its pair and scenario: its throughput, its latency),
 * found as {@code /api/v1/trends} finds them, for features that act on a change (a schedule's webhook). The run
 * filters match names anywhere in the value, so the series is narrowed here to the run's own pair: "lab-a" must not
 * pull in "lab-a2".
 */
@Service
public class SeriesChanges {
    private final RunSelections selections;
    private final RunLatencies latencies;

    SeriesChanges(RunSelections selections, RunLatencies latencies) {
        this.selections = selections;
        this.latencies = latencies;
    }

    /**
     * A significant change in a series: which figure ({@code figure}, as the trend API names it), where its new level
     * starts ({@code runId}), the levels on either side in the figure's unit ({@code before}, {@code after}; for
     * throughput also as {@code beforeBitsPerSecond} and {@code afterBitsPerSecond}, null for a latency figure),
     * whether the step is {@code worse} and the permutation test's p-value; {@code includesRun} says the run asked
     * about is in the new level.
     */
    public record Change(Scenario scenario, String sut, String peer, String figure, String figureName, String unit,
                         boolean higherIsWorse, long runId, double before, double after,
                         Double beforeBitsPerSecond, Double afterBitsPerSecond, double changePercent, boolean worse,
                         double pValue, double significanceLevel, String description, boolean includesRun) {

        /** The trends page of this series. */
        public String trendPath() {
            UriComponentsBuilder path = UriComponentsBuilder.fromPath("/trends").queryParam("sut", sut)
                    .queryParam("peer", peer).queryParam("protocol", scenario.protocol())
                    .queryParam("direction", scenario.direction()).queryParam("streams", scenario.streams());
            if (scenario.udp() && scenario.targetBitsPerSecond() != null) {
                path.queryParam("target", scenario.targetBitsPerSecond());
            }
            if (scenario.messageBytes() != null) {
                path.queryParam("messageBytes", scenario.messageBytes());
            }
            return path.encode().build().toUriString();
        }
    }

    /**
     * The newest change point of each figure (throughput, then latency) in the newest {@value TrendQuery#DEFAULT_LAST}
     * runs of the series run {@code runId} belongs to. Empty when the run is gone, names no pair, or no figure of the
     * series has a change point.
     */
    public List<Change> newestChanges(long runId) {
        List<RunPoint> found = selections.newestPoints(new RunSelection(List.of(runId), null, null, null), null,
                null, null, 1);
        if (found.isEmpty() || found.get(0).sut() == null || found.get(0).peer() == null) {
            return List.of();
        }
        RunPoint run = found.get(0);
        List<RunPoint> series = series(run);
        Map<Long, RunLatency> latency = series.isEmpty() ? Map.of()
                : latencies.summaries(series.stream().map(RunPoint::id).toList());
        List<Change> changes = new ArrayList<>();
        for (TrendFigure figure : List.of(TrendFigure.RECEIVED, TrendFigure.latencyOf(run.scenario()))) {
            newest(run, FigureSeries.of(figure, series, latency)).ifPresent(changes::add);
        }
        return changes;
    }

    private static Optional<Change> newest(RunPoint run, FigureSeries series) {
        int at = series.indexOf(run.id());
        if (at < 0 || series.changes().isEmpty()) {
            return Optional.empty();
        }
        TrendResult.FigureChange last = series.changes().get(series.changes().size() - 1);
        TrendResult.Figure figure = series.figure().describe();
        boolean throughput = series.figure() == TrendFigure.RECEIVED;
        return Optional.of(new Change(run.scenario(), run.sut(), run.peer(), figure.id(), figure.name(),
                figure.unit(), figure.higherIsWorse(), last.runId(), last.before(), last.after(),
                throughput ? last.before() : null, throughput ? last.after() : null, last.changePercent(),
                last.worse(), last.pValue(), Trends.SIGNIFICANCE, last.description(), at >= last.index()));
    }

    /** The run's pair and scenario (a request/response one's message size too), oldest first. */
    private List<RunPoint> series(RunPoint run) {
        Scenario scenario = run.scenario();
        RunFilter filter = new RunFilter(run.sut(), run.peer(), null, null, scenario.protocol(), scenario.direction(),
                null);
        Long target = scenario.udp() ? scenario.targetBitsPerSecond() : null;
        List<RunPoint> series = new ArrayList<>(selections.newestPoints(new RunSelection(null, filter, null, null),
                        scenario.streams(), target, scenario.messageBytes(), TrendQuery.DEFAULT_LAST).stream()
                .filter(point -> run.sut().equals(point.sut()) && run.peer().equals(point.peer()))
                .limit(TrendQuery.DEFAULT_LAST).toList());
        Collections.reverse(series);
        return series;
    }
}
