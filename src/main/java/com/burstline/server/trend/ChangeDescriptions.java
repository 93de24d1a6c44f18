package com.burstline.server.trend;

import com.burstline.server.run.RunPoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Turns the change points' indexes into levels, percentages and a sentence a person can act on. */
final class ChangeDescriptions {
    private ChangeDescriptions() {
    }

    static List<TrendResult.ChangePoint> of(List<RunPoint> points, double[] values, List<EDivisive.ChangePoint> found,
                                            List<TrendResult.DriverChange> driverChanges) {
        List<TrendResult.ChangePoint> changes = new ArrayList<>();
        for (int c = 0; c < found.size(); c++) {
            int from = from(found, c);
            int at = found.get(c).index();
            double before = mean(values, from, at);
            double after = mean(values, at, to(found, c, values.length));
            double percent = (after - before) / before * 100;
            RunPoint run = points.get(at);
            TrendResult.DriverChange driver = driverChangeBefore(driverChanges, from, at);
            changes.add(new TrendResult.ChangePoint(run.id(), at, run.time(), before, after, percent,
                    found.get(c).pValue(), points.get(at - 1).driver(), run.driver(),
                    sentence(run, percent, driver)));
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

    private static String sentence(RunPoint run, double percent, TrendResult.DriverChange driver) {
        String text = String.format(Locale.ROOT, "%s on %s → %s %s %.1f%% at run %d", run.scenario().name(), run.sut(),
                run.peer(), percent < 0 ? "dropped" : "rose", Math.abs(percent), run.id());
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
