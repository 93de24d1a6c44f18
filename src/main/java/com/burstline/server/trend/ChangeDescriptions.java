package com.burstline.server.trend;

import com.burstline.server.run.RunPoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns the change points' indexes into levels, percentages and a sentence a person can act on, for any figure: a
 * step is worse when it goes the way the figure is worse (a drop of throughput, a rise of latency).
 */
final class ChangeDescriptions {
    private ChangeDescriptions() {
    }

    /** @param points the runs of the figure's series, oldest first, one per value */
    static List<TrendResult.FigureChange> of(List<RunPoint> points, double[] values,
                                             List<EDivisive.ChangePoint> found, TrendFigure figure) {
        List<TrendResult.DriverChange> driverChanges = Trends.driverChanges(points);
        List<TrendResult.FigureChange> changes = new ArrayList<>();
        for (int c = 0; c < found.size(); c++) {
            int from = from(found, c);
            int at = found.get(c).index();
            double before = mean(values, from, at);
            double after = mean(values, at, to(found, c, values.length));
            double percent = (after - before) / before * 100;
            RunPoint run = points.get(at);
            TrendResult.DriverChange driver = driverChangeBefore(driverChanges, from, at);
            changes.add(new TrendResult.FigureChange(run.id(), at, run.time(), before, after, percent,
                    figure.higherIsWorse() == percent > 0, found.get(c).pValue(), points.get(at - 1).driver(),
                    run.driver(), sentence(run, figure, before, after, percent, driver)));
        }
        return changes;
    }

    /** The step at change point {@code c} in % of the level before it, each level between its neighbours. */
    static double stepPercent(double[] values, List<EDivisive.ChangePoint> found, int c) {
        int at = found.get(c).index();
        double before = mean(values, from(found, c), at);
        return (mean(values, at, to(found, c, values.length)) - before) / before * 100;
    }

    private static int from(List<EDivisive.ChangePoint> found, int c) {
        return c == 0 ? 0 : found.get(c - 1).index();
    }

    private static int to(List<EDivisive.ChangePoint> found, int c, int length) {
        return c + 1 < found.size() ? found.get(c + 1).index() : length;
    }

    /** The newest driver change in the level before the change point, up to and including its first run. */
    private static TrendResult.DriverChange driverChangeBefore(List<TrendResult.DriverChange> changes, int from,
                                                               int at) {
        TrendResult.DriverChange latest = null;
        for (TrendResult.DriverChange change : changes) {
            if (change.index() > from && change.index() <= at) {
                latest = change;
            }
        }
        return latest;
    }

    /**
     * The scenario's throughput says only how it moved ("… dropped 25.0% at run 2041"); a latency figure is named,
     * with its levels and whether the step is worse, since a rise there is the regression.
     */
    private static String sentence(RunPoint run, TrendFigure figure, double before, double after, double percent,
                                   TrendResult.DriverChange driver) {
        String pair = String.format(Locale.ROOT, "%s on %s → %s", run.scenario().name(), run.sut(), run.peer());
        String moved = String.format(Locale.ROOT, "%s %.1f%%", percent < 0 ? "dropped" : "rose", Math.abs(percent));
        String text = figure == TrendFigure.RECEIVED ? pair + " " + moved
                : String.format(Locale.ROOT, "%s: %s %s from %s to %s (%s)", pair, figure.describe().name(), moved,
                figure.format(before), figure.format(after), figure.higherIsWorse() == percent > 0 ? "worse"
                        : "better");
        text += " at run " + run.id();
        if (driver == null) {
            return text + ", with no driver change";
        }
        String changed = ", after the driver changed from " + name(driver.from()) + " to " + name(driver.to());
        return text + changed + (driver.runId() == run.id() ? "" : " at run " + driver.runId());
    }

    private static String name(String driver) {
        return driver == null ? "(none)" : driver;
    }

    private static double mean(double[] values, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return sum / (to - from);
    }
}
