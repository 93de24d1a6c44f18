package com.burstline.server.analysis;

import com.burstline.server.catalog.FindingKind;
import com.burstline.server.run.ReceiverDrops;
import com.burstline.server.run.ReceivingHosts;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.SeriesFigures;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies every rule to one run. Findings are computed on read from the summary and the figures of its sum rows
 * ({@link SeriesFigures}: computed on read too, or kept for a long run and made again when the rule changes), so that
 * a better rule applies to old runs too. {@code context} holds the runs the asymmetry rule may compare with; the
 * agent's NIC counters, when a job measured the run, show whether EC2's allowances shaped it.
 */
final class RunAnalysis {
    private RunAnalysis() {
    }

    /**
     * @param series      the figures of the run's sum rows; unused for a partial run
     * @param nicCounters the SUT agent's counters delta over the run (see {@code RunEnvironment}); null for uploads
     */
    static List<Finding> findings(RunSummary run, SeriesFigures series, JsonNode nicCounters) {
        return findings(run, series, nicCounters, ReceivingHosts.of(run, java.util.Map.of(), nicCounters));
    }

    /** @param receivers each receiving host's own drop counts over the run ({@code RunEnvironment.receiverDrops}) */
    static List<Finding> findings(RunSummary run, SeriesFigures series, JsonNode nicCounters,
                                  List<ReceiverDrops> receivers) {
        if (run.partial()) {
            return List.of(partial(run));
        }
        if (run.scenario().protocol().requestResponse()) {
            // transactions, not throughput: no rule here reads its figures (its round trips are the latency feature's)
            return List.of();
        }
        List<Finding> findings = new ArrayList<>();
        // A sender short of its target comes first: what never left it cannot be the network's limit or loss.
        SenderLimitRule.of(run).ifPresent(findings::add);
        LimitRules.percentOfLimit(run).ifPresent(findings::add);
        PacketLossRule.ofReceivers(run, receivers).ifPresent(findings::add);
        Optional<Finding> burst = BurstRule.of(run);
        burst.ifPresent(findings::add);
        // What the NIC counted beats what the retransmits suggest: one allowance-exceeded finding per run.
        Optional<Finding> allowance = AllowanceCounterRule.of(run, nicCounters)
                .or(() -> AllowanceRule.fromRetransmits(run, series));
        allowance.ifPresent(findings::add);
        if (burst.isEmpty()) {
            // A burst step is variation with a known cause; calling the run unstable as well would mislead.
            StabilityRule.of(run, series).ifPresent(findings::add);
        }
        return findings;
    }

    /**
     * A partial run's figures cover only what was measured before its scenario failed: limits, loss, bursts and
     * stability drawn from them would read a broken test as a measurement, so the one finding says just that.
     */
    static Finding partial(RunSummary run) {
        return Finding.of(run.id(), FindingKind.PARTIAL_RUN, "This run is partial: its scenario failed or was "
                + "cancelled (" + run.error() + "), so its figures cover only the " + run.intervalCount()
                + " interval rows measured until then.", "No findings are drawn from it.", Map.of("intervalCount",
                run.intervalCount(), "plannedSeconds", run.scenario().durationSeconds()));
    }
}
