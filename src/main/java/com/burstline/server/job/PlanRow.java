package com.burstline.server.job;

import com.burstline.contract.Direction;
import com.burstline.contract.Scenario;
import com.burstline.server.job.planning.BurstProbePlan;
import com.burstline.server.job.planning.StandardPlan;

import java.math.BigDecimal;
import java.util.List;

/**
 * One read-only row of a named plan on the "New job" form, in the columns and units of the form's own rows, so that
 * the rows on screen are the plan that runs. {@code secondsBefore} is what the seconds cell says before the number
 * ("until the rate drops, at most " for the burst probe), so that the form can show a typed duration in its place.
 */
record PlanRow(String protocol, String direction, int streams, int seconds, String secondsBefore, String interval,
               String target, String tool) {
    private static final String NONE = "—";

    /** The standard plan's scenarios, from the plan itself. */
    static List<PlanRow> standard() {
        return StandardPlan.scenarios().stream().map(scenario -> of(scenario, "")).toList();
    }

    /** The burst probe's scenario, from the plan itself, at its longest unless a duration is given. */
    static PlanRow burstProbe() {
        return of(BurstProbePlan.scenario(Direction.UPLOAD, BurstProbePlan.DEFAULT_MAX_SECONDS),
                "until the rate drops, at most ");
    }

    private static PlanRow of(Scenario scenario, String secondsBefore) {
        return new PlanRow(scenario.protocol().name(), scenario.direction().apiName(), scenario.streams(),
                scenario.durationSeconds(), secondsBefore, plain(scenario.intervalSeconds()),
                scenario.targetBitsPerSecond() == null ? NONE : plain(scenario.targetBitsPerSecond() / 1e6),
                scenario.tool());
    }

    /** A request/response scenario has no direction: its transactions go both ways. */
    public String directionText() {
        return protocol.endsWith("_RR") ? NONE : direction;
    }

    public String secondsText() {
        return secondsBefore + seconds;
    }

    /** The target as the form's Mbit/s field takes it: empty for none. */
    public String targetMbps() {
        return NONE.equals(target) ? "" : target;
    }

    private static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
