package com.burstline.server.compare;

import com.burstline.server.catalog.VerdictStep;
import com.burstline.server.run.RunSummary;

import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What a comparison says when the driver did not decide both sides. A difference between two groups is the driver's
 * only when every run of both measured the driver (verdict {@link VerdictStep#DRIVER}); otherwise the verdict says
 * what decided each side, in the findings catalog's words, and keeps the difference as a figure, calling neither
 * side faster. In order: a run beyond the limit on either side (a wrong label: nothing is drawn from it); both sides'
 * runs all decided by one step ("the sender limits both …: this compares the tool or the sending host, not the
 * driver"); both all unknown, saying what is not known; otherwise the sides were decided apart, each side's verdicts
 * counted when its runs differ.
 */
final class DecidedSides {
    /** The steps that can decide both sides alike, each with its kind, in the decision's order. */
    private static final Map<VerdictStep, Verdicts.Kind> BOTH = new EnumMap<>(Map.of(
            VerdictStep.CAP, Verdicts.Kind.CAP_LIMITS_BOTH, VerdictStep.SENDER, Verdicts.Kind.SENDER_LIMITS_BOTH,
            VerdictStep.RECEIVER, Verdicts.Kind.RECEIVER_LIMITS_BOTH, VerdictStep.PATH,
            Verdicts.Kind.PATH_LIMITS_BOTH));

    private DecidedSides() {
    }

    /**
     * One group: its label, what decided its runs (counted, in the decision's order) and, for its runs whose
     * verdict is unknown, what was not known.
     */
    record Side(String label, List<ComparisonResult.VerdictCount> verdicts, List<String> unknown) {
        static Side of(String label, List<RunSummary> runs) {
            return new Side(label, GroupFigures.verdicts(runs), runs.stream()
                    .filter(run -> run.verdict().id() == VerdictStep.UNKNOWN)
                    .flatMap(run -> run.verdict().unknown().stream()).distinct().toList());
        }

        boolean only(VerdictStep step) {
            return verdicts.size() == 1 && verdicts.get(0).id() == step;
        }

        boolean any(VerdictStep step) {
            return verdicts.stream().anyMatch(count -> count.id() == step);
        }

        /** "driver ENA 2.2.1: the cap", "job #3: the cap (2), the sender (1)". */
        String words() {
            return label + ": " + ComparisonText.verdicts(verdicts);
        }
    }

    /** The verdict when the driver did not decide both sides; empty when it did (then the statistics speak). */
    static Optional<Verdicts.Verdict> of(Side base, Side other, String scenario, Statistics.Difference difference) {
        if (base.only(VerdictStep.DRIVER) && other.only(VerdictStep.DRIVER)) {
            return Optional.empty();
        }
        String figure = difference(base.label(), difference);
        String sides = " (" + base.words() + "; " + other.words() + ")";
        if (base.any(VerdictStep.BEYOND_THE_LIMIT) || other.any(VerdictStep.BEYOND_THE_LIMIT)) {
            return verdict(Verdicts.Kind.BEYOND_THE_LIMIT, VerdictStep.BEYOND_THE_LIMIT.words() + " on " + scenario
                    + sides + ": this compares " + VerdictStep.BEYOND_THE_LIMIT.measures() + ", not the driver; "
                    + figure);
        }
        for (Map.Entry<VerdictStep, Verdicts.Kind> both : BOTH.entrySet()) {
            VerdictStep step = both.getKey();
            if (base.only(step) && other.only(step)) {
                return verdict(both.getValue(), step.words() + " limits both on " + scenario + ": this compares "
                        + step.measures() + ", not the driver; " + figure);
            }
        }
        String unknown = notKnown(base, other);
        if (base.only(VerdictStep.UNKNOWN) && other.only(VerdictStep.UNKNOWN)) {
            return verdict(Verdicts.Kind.NOT_KNOWN, "what decided either side is unknown on " + scenario
                    + ", so no verdict on the driver; " + figure + unknown);
        }
        return verdict(Verdicts.Kind.DECIDED_APART, "decided apart on " + scenario + sides
                + ": a verdict on the driver needs the driver to decide both sides; " + figure + unknown);
    }

    /** "difference -32.1% against driver ENA 2.2.1 (95% interval -40.0 to -24.2%)": a figure, not a verdict. */
    private static String difference(String baseline, Statistics.Difference difference) {
        String interval = difference.ci95LowPercent() == null ? "" : String.format(Locale.ROOT,
                " (95%% interval %.1f to %.1f%%)", difference.ci95LowPercent(), difference.ci95HighPercent());
        return String.format(Locale.ROOT, "difference %+.1f%% against %s", difference.deltaPercent(), baseline)
                + interval;
    }

    /** "; not known: the instance's limit: no instance type or limit is known", or "". */
    private static String notKnown(Side base, Side other) {
        List<String> unknown = Stream.concat(base.unknown().stream(), other.unknown().stream())
                .distinct().toList();
        return unknown.isEmpty() ? "" : "; not known: " + String.join("; ", unknown);
    }

    private static Optional<Verdicts.Verdict> verdict(Verdicts.Kind kind, String text) {
        return Optional.of(new Verdicts.Verdict(kind, text));
    }
}
