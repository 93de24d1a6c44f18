package com.burstline.server.compare;

import com.burstline.server.catalog.Thresholds;
import com.burstline.server.run.RunSummary;

import java.util.List;
import java.util.Locale;

/**
 * Puts a comparison into the words an engineer would write in a report, answer first. Groups that differ in what is
 * under test (a driver, a job, a tag) get a driver verdict only where the driver decided every run of both; otherwise
 * the verdict says what decided them ({@link DecidedSides}). The statistics' verdict, in order: when both groups sit
 * at ≥ {@link Thresholds#AT_CAP} of their burst limit the cap decided the figures, not the driver (the shared
 * samples: every TCP run over the lab's 5 Gbit/s shaper at 95–96%, whichever iperf3 sent); a difference under the
 * practical threshold is "no practical difference" whatever its p-value; then significance at p < 0.05.
 */
final class Verdicts {
    static final double ALPHA = 0.05;

    /**
     * What the verdict says, for pages and the CSV that style or sort by it. The first seven say what decided the
     * two sides when the driver did not decide both ({@link DecidedSides}); the rest are the driver verdicts.
     */
    enum Kind {
        CAP_LIMITS_BOTH, SENDER_LIMITS_BOTH, RECEIVER_LIMITS_BOTH, PATH_LIMITS_BOTH, BEYOND_THE_LIMIT, NOT_KNOWN,
        DECIDED_APART, TOO_FEW_RUNS, NO_SPREAD, NO_PRACTICAL_DIFFERENCE, SIGNIFICANT, NOT_SIGNIFICANT;

        String apiName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    record Verdict(Kind kind, String text) {
    }

    /** The two groups' sizes and mean % of the burst limit (null when no limit is known). */
    record Sides(String baseline, String other, int nBaseline, int nOther, Double baselineCapPercent,
                 Double otherCapPercent) {
    }

    /**
     * How a difference reads: throughput is higher-is-better ("faster"/"slower"); a latency is lower-is-better, so a
     * higher p99 is "higher (worse)". The statistics are the same; only the words turn.
     */
    record Wording(String higher, String lower) {
        static final Wording THROUGHPUT = new Wording("faster", "slower");
        static final Wording LATENCY = new Wording("higher (worse)", "lower (better)");

        String of(double deltaPercent) {
            return deltaPercent >= 0 ? higher : lower;
        }
    }

    private final double practicalPercent;

    /** @param practicalPercent differences under this many percent of the baseline are no practical difference */
    Verdicts(double practicalPercent) {
        this.practicalPercent = practicalPercent;
    }

    /**
     * Compares what the groups differ in (drivers, jobs, tags…): a driver verdict only where the driver decided every
     * run of both groups, otherwise what decided each side ({@link DecidedSides}).
     */
    Verdict verdict(Sides sides, List<RunSummary> base, List<RunSummary> other, Statistics.Difference difference,
                    String scenario) {
        return verdict(sides, base, other, difference, scenario, Wording.THROUGHPUT);
    }

    Verdict verdict(Sides sides, List<RunSummary> base, List<RunSummary> other, Statistics.Difference difference,
                    String scenario, Wording wording) {
        return DecidedSides.of(DecidedSides.Side.of(sides.baseline(), base),
                DecidedSides.Side.of(sides.other(), other), scenario, difference)
                .orElseGet(() -> verdict(sides, difference, scenario, wording));
    }

    Verdict verdict(Sides sides, Statistics.Difference difference, String scenario) {
        return verdict(sides, difference, scenario, Wording.THROUGHPUT);
    }

    Verdict verdict(Sides sides, Statistics.Difference difference, String scenario, Wording wording) {
        String change = String.format(Locale.ROOT, "%s is %.1f%% %s than %s on %s", sides.other(),
                Math.abs(difference.deltaPercent()), wording.of(difference.deltaPercent()),
                sides.baseline(), scenario) + interval(difference);
        if (atCap(sides.baselineCapPercent()) && atCap(sides.otherCapPercent())) {
            return new Verdict(Kind.CAP_LIMITS_BOTH, String.format(Locale.ROOT, "the cap limits both on %s: %s "
                            + "and %s sit at %.1f%% and %.1f%% of the burst limit, so these runs measure the "
                            + "instance's allowance, not the driver (%s); compare below the limit", scenario,
                    sides.baseline(), sides.other(), sides.baselineCapPercent(), sides.otherCapPercent(),
                    change + withP(difference)));
        }
        if (difference.pValue() == null) {
            if (sides.nBaseline() == 1 && sides.nOther() == 1) {
                return new Verdict(Kind.TOO_FEW_RUNS, "no repeats (n = 1 each), so no interval and no test: "
                        + change);
            }
            if (sides.nBaseline() < 2 || sides.nOther() < 2) {
                return new Verdict(Kind.TOO_FEW_RUNS, "not enough runs for a test (" + sizes(sides)
                        + "; 2 each needed): " + change);
            }
            return new Verdict(Kind.NO_SPREAD, change + " (no spread within either group, so no test)");
        }
        if (Math.abs(difference.deltaPercent()) < practicalPercent) {
            return new Verdict(Kind.NO_PRACTICAL_DIFFERENCE, String.format(Locale.ROOT, "no practical difference "
                    + "on %s: %s is %.1f%% %s than %s, under the %s%% that matters (%s)", scenario, sides.other(),
                    Math.abs(difference.deltaPercent()), wording.of(difference.deltaPercent()),
                    sides.baseline(), trim(practicalPercent), p(difference.pValue())));
        }
        if (difference.pValue() < ALPHA) {
            return new Verdict(Kind.SIGNIFICANT, change + ", " + p(difference.pValue()));
        }
        // The difference and its interval still go with it: an interval across 0 is what "not significant" means.
        return new Verdict(Kind.NOT_SIGNIFICANT, "no significant difference on " + scenario + " with "
                + sizes(sides) + " (" + p(difference.pValue()) + "): " + String.format(Locale.ROOT,
                "%s is %.1f%% %s than %s", sides.other(), Math.abs(difference.deltaPercent()),
                wording.of(difference.deltaPercent()), sides.baseline()) + interval(difference));
    }

    /** The difference's 95% interval in % of the baseline, signed as the difference is; "" without repeats. */
    private static String interval(Statistics.Difference difference) {
        return difference.ci95LowPercent() == null ? "" : String.format(Locale.ROOT, " (95%% interval %.1f to %.1f%%)",
                difference.ci95LowPercent(), difference.ci95HighPercent());
    }

    private static boolean atCap(Double percentOfBurst) {
        return percentOfBurst != null && percentOfBurst >= Thresholds.AT_CAP.value();
    }

    private static String withP(Statistics.Difference difference) {
        return difference.pValue() == null ? "" : ", " + p(difference.pValue());
    }

    static String p(double pValue) {
        if (pValue < 0.001) {
            return "p < 0.001";
        }
        return String.format(Locale.ROOT, pValue < 0.01 ? "p = %.3f" : "p = %.2f", pValue);
    }

    private static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private static String sizes(Sides sides) {
        return sides.nBaseline() == sides.nOther() ? "n = " + sides.nBaseline() + " each"
                : "n = " + sides.nBaseline() + " and " + sides.nOther();
    }
}
