package com.burstline.server.trend;

import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.RunPoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One figure of a pair's scenario over time, the runs that have it oldest first, and its change points: the one way
 * every figure's changes are found (e-divisive means, the permutation test, the practical minimum of the figure).
 * A run without the figure (an upload beside probed runs, a job with the probe off) has no place in its series.
 */
record FigureSeries(TrendFigure figure, List<RunPoint> points, double[] values,
                    List<TrendResult.FigureChange> changes) {

    static FigureSeries of(TrendFigure figure, List<RunPoint> runs, Map<Long, RunLatency> latency) {
        List<RunPoint> points = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (RunPoint run : runs) {
            Double value = figure.value(run, latency.get(run.id()));
            if (value != null) {
                points.add(run);
                values.add(value);
            }
        }
        double[] series = values.stream().mapToDouble(Double::doubleValue).toArray();
        List<EDivisive.ChangePoint> found = PracticalChanges.keep(series, new EDivisive(Trends.MIN_SEGMENT_RUNS,
                Trends.PERMUTATIONS, Trends.SIGNIFICANCE, Trends.SEED).changePoints(series), figure.minChangePercent());
        return new FigureSeries(figure, points, series, ChangeDescriptions.of(points, series, found, figure));
    }

    /** Where the run stands in this series; -1 when it has no value of the figure. */
    int indexOf(long runId) {
        return points.stream().map(RunPoint::id).toList().indexOf(runId);
    }
}
