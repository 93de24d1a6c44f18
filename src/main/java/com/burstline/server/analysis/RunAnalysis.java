package com.burstline.server.analysis;

import com.burstline.server.run.IntervalRow;
import com.burstline.server.run.RunSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Applies every rule to one run. Findings are computed on read from the summary and its sum rows, so that a better
 * rule applies to old runs too. {@code context} holds the runs the asymmetry rule may compare with.
 */
public final class RunAnalysis {
    private RunAnalysis() {
    }

    public static List<Finding> findings(RunSummary run, List<IntervalRow> sumRows, List<RunSummary> context) {
        Series series = Series.of(run, sumRows);
        List<Finding> findings = new ArrayList<>();
        LimitRules.percentOfLimit(run).ifPresent(findings::add);
        AsymmetryRule.of(run, context).ifPresent(findings::add);
        SenderLimitRule.of(run).ifPresent(findings::add);
        Optional<Finding> burst = BurstRule.of(run, series);
        burst.ifPresent(findings::add);
        AllowanceRule.fromRetransmits(run, series).ifPresent(findings::add);
        if (burst.isEmpty()) {
            // A burst step is variation with a known cause; calling the run unstable as well would mislead.
            StabilityRule.of(run, series).ifPresent(findings::add);
        }
        return findings;
    }
}
