package com.burstline.server.compare;

import com.burstline.contract.ScenarioNames;
import com.burstline.server.catalog.Thresholds;
import com.burstline.server.catalog.NetworkLimits;
import com.burstline.server.catalog.VerdictStep;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Which limit could explain the difference between an upload and its download twin, from the facts the runs carry:
 * the burst limit holding both, the slower direction's runs at the cap by their verdicts (the baseline once the
 * credits ran out, ENA's counters), for UDP a slower direction whose sender fell short of its target or that lost
 * datagrams, the slower direction's sending or receiving CPU at ≥ {@link Thresholds#ONE_CORE}
 * (iperf3's own figures: a saturated core caps a stream before the network does), or a peer whose instance allows
 * less than the SUT's. When none does, the driver is what is left to look at.
 */
final class AsymmetryExplanation {
    private AsymmetryExplanation() {
    }

    /**
     * @param matters whether the difference reaches the practical threshold (a single run each has no test, but a
     *                0.3% difference still needs no explanation)
     * @param upload  the upload group's runs, {@code download} the download's; {@code peer} the peer's limits
     */
    static String of(Verdicts.Kind kind, boolean matters, List<RunSummary> upload, List<RunSummary> download,
                     Optional<NetworkLimits> peer) {
        if (kind == Verdicts.Kind.CAP_LIMITS_BOTH) {
            return "both directions sit at the burst limit: the limit decided";
        }
        if (!matters) {
            return "nothing to explain: the two directions match";
        }
        boolean downloadSlower = mean(download, run -> run.figures().receivedBitsPerSecond())
                < mean(upload, run -> run.figures().receivedBitsPerSecond());
        List<RunSummary> slower = downloadSlower ? download : upload;
        List<String> causes = new ArrayList<>();
        allowance(slower).ifPresent(causes::add);
        udpSender(slower).ifPresent(causes::add);
        udpLoss(slower).ifPresent(causes::add);
        cpu(slower, run -> run.measurement().senderCpuPercent(), "sending", downloadSlower ? run -> run.labels().peer() : run -> run.labels().sut())
                .ifPresent(causes::add);
        cpu(slower, run -> run.measurement().receiverCpuPercent(), "receiving", downloadSlower ? run -> run.labels().sut() : run -> run.labels().peer())
                .ifPresent(causes::add);
        peer.flatMap(limits -> peerLimit(limits, slower)).ifPresent(causes::add);
        String unknownPeer = peer.isEmpty() ? "; the peer's limits are unknown" : "";
        if (causes.isEmpty()) {
            return "neither the limits nor the CPUs explain it: look at the driver" + unknownPeer;
        }
        return inWords(causes) + " could explain it" + unknownPeer;
    }

    /** "a, b and c". */
    private static String inWords(List<String> causes) {
        int last = causes.size() - 1;
        return last == 0 ? causes.get(0) : String.join(", ", causes.subList(0, last)) + " and " + causes.get(last);
    }

    /**
     * "the instance's allowance on the slower direction (the cap: 93.4% of the 512 Mbit/s baseline (the burst credits
     * ran out after 6.0 s))": a run of it held below the burst limit by the allowance, as its verdict says (its
     * credits ran out, or ENA's counters grew). At the burst limit it explains nothing the faster side did not meet.
     */
    private static Optional<String> allowance(List<RunSummary> slower) {
        return slower.stream().filter(AsymmetryExplanation::heldByTheAllowance).findFirst()
                .map(run -> "the instance's allowance on the slower direction (" + run.text().verdict() + ")");
    }

    private static boolean heldByTheAllowance(RunSummary run) {
        Verdict verdict = run.verdict();
        return verdict.id() == VerdictStep.CAP && verdict.evidence() != null
                && ("baseline".equals(verdict.evidence().limit()) || verdict.evidence().allowanceExceeded() != null);
    }

    /**
     * "the sender reaching only 72% of the UDP target": what never left the sender was never the network's to
     * carry, so the sender decided the slower direction (the sender-limited finding's rule).
     */
    private static Optional<String> udpSender(List<RunSummary> slower) {
        Double ofTarget = meanOrNull(slower, run -> run.measurement().sentShareOfTarget());
        if (ofTarget == null || ofTarget >= Thresholds.SENT_OF_TARGET.value()) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the sender reaching only %.0f%% of the UDP target",
                ofTarget));
    }

    /** "the datagrams lost (44.0%)": UDP's slower direction lost what the other one carried. */
    private static Optional<String> udpLoss(List<RunSummary> slower) {
        Double lost = meanOrNull(slower, run -> run.figures().lostPercent());
        if (lost == null || lost < Thresholds.MIN_LOST.value()) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the datagrams lost (%.1f%%)", lost));
    }

    /** "the sending host's CPU (arm-b, 97%)" when the slower direction's mean is at or above the busy mark. */
    private static Optional<String> cpu(List<RunSummary> runs, Function<RunSummary, Double> figure, String role,
                                        Function<RunSummary, String> host) {
        Double percent = meanOrNull(runs, figure);
        if (percent == null || percent < Thresholds.ONE_CORE.value()) {
            return Optional.empty();
        }
        String name = runs.stream().map(host).filter(Objects::nonNull).findFirst().map(n -> n + ", ").orElse("");
        return Optional.of(String.format(Locale.ROOT, "the %s host's CPU (%s%.0f%%)", role, name, percent));
    }

    /**
     * The peer allows less than the SUT (a lower burst limit or baseline); with the SUT's limits unknown, when the
     * slower direction reached ≥ 90% of the peer's burst limit.
     */
    private static Optional<String> peerLimit(NetworkLimits peer, List<RunSummary> slower) {
        Double sutBurst = meanOrNull(slower, run -> run.limits().burstLimitBitsPerSecond());
        Double sutBaseline = meanOrNull(slower, run -> run.limits().baselineBitsPerSecond());
        boolean lower = sutBurst != null
                ? peer.burstBitsPerSecond() < sutBurst
                || sutBaseline != null && peer.baselineBitsPerSecond() < sutBaseline
                : mean(slower, run -> run.figures().receivedBitsPerSecond())
                >= Thresholds.fraction(Thresholds.AT_CAP) * peer.burstBitsPerSecond();
        if (!lower) {
            return Optional.empty();
        }
        return Optional.of("the peer's " + peer.instanceType() + " limit ("
                + ScenarioNames.rate(Math.round(peer.burstBitsPerSecond())) + " burst, "
                + ScenarioNames.rate(Math.round(peer.baselineBitsPerSecond())) + " baseline)");
    }

    private static double mean(List<RunSummary> runs, Function<RunSummary, Double> figure) {
        Double mean = meanOrNull(runs, figure);
        return mean == null ? 0 : mean;
    }

    private static Double meanOrNull(List<RunSummary> runs, Function<RunSummary, Double> figure) {
        double[] values = runs.stream().map(figure).filter(Objects::nonNull).mapToDouble(Double::doubleValue)
                .toArray();
        return values.length == 0 ? null : Statistics.mean(values);
    }
}
