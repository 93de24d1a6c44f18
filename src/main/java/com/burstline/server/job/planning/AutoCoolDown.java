package com.burstline.server.job.planning;

import com.burstline.contract.Scenario;
import com.burstline.contract.Direction;
import com.burstline.server.probe.ProbeText;
import com.burstline.server.probe.ProbeView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code coolDownSeconds: "auto"}: wait as long as the latest burst probe of each pair's SUT, in each direction the
 * job's scenarios send (bidir: both), says its credit takes to come back at the measured baseline; the longest of
 * them. Probes are stored per SUT and direction, so the SUT's are the ones known. Resolved once, when the job is
 * created, so the job page states which probe decided its wait; a host without such a probe is a problem to fix (run
 * the probe first), not a silent zero. A probe that never dropped needs no wait.
 */
public final class AutoCoolDown {
    /** The wait in whole seconds (refill rounded up), the probe's job, and the basis in words. */
    public record Estimate(int seconds, long probeJobId, String basis) {
        /** "auto: 54 s, an estimate: …", as the job page and the API say it. */
        public String text() {
            return "auto: " + seconds + " s, an estimate: " + basis + ". An estimate from one probe.";
        }
    }

    private AutoCoolDown() {
    }

    /** Empty when a needed probe is missing; then a problem names it. */
    public static Optional<Estimate> of(List<Pair> pairs, List<Scenario> scenarios,
                                 Function<String, List<ProbeView>> latestProbes, List<Problem> problems) {
        Set<Direction> directions = directions(scenarios);
        List<ProbeView> deciding = new ArrayList<>();
        boolean missing = false;
        for (String sut : pairs.stream().map(Pair::sut).filter(Objects::nonNull).distinct().toList()) {
            List<ProbeView> latest = latestProbes.apply(sut);
            for (Direction direction : directions) {
                Optional<ProbeView> probe = latest.stream().filter(p -> p.direction() == direction).findFirst();
                if (probe.isEmpty()) {
                    missing = true;
                    problems.add(Problem.at(null, null, "coolDownSeconds", "'auto' waits as long as the burst "
                            + "credit of each SUT takes to refill, but " + sut + " has no " + direction.apiName()
                            + " burst probe yet: run plan 'burst-probe' with sut " + sut + " (probeDirections [\""
                            + direction.apiName() + "\"]) first, or give a number of seconds"));
                } else {
                    deciding.add(probe.get());
                }
            }
        }
        if (missing || deciding.isEmpty()) {
            return Optional.empty();
        }
        ProbeView longest = deciding.stream().max(Comparator.comparingDouble(AutoCoolDown::refill)).orElseThrow();
        int seconds = (int) Math.ceil(refill(longest));
        return Optional.of(new Estimate(seconds, longest.jobId(), ProbeText.coolDownBasis(longest)));
    }

    private static double refill(ProbeView probe) {
        return probe.refillSeconds() == null ? 0 : probe.refillSeconds();
    }

    /** The directions the scenarios send in, as probes name them. */
    private static Set<Direction> directions(List<Scenario> scenarios) {
        Set<Direction> directions = new LinkedHashSet<>();
        for (Scenario scenario : scenarios) {
            if (scenario == null) {
                continue;
            }
            if (scenario.bidir()) {
                directions.add(Direction.UPLOAD);
                directions.add(Direction.DOWNLOAD);
            } else {
                directions.add(scenario.direction());
            }
        }
        return directions;
    }
}
