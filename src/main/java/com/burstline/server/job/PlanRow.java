package com.burstline.server.job;

import com.burstline.contract.Scenario;
import com.burstline.server.job.planning.StandardPlan;

import java.math.BigDecimal;
import java.util.List;

/**
 * One read-only row of a named plan on the "New job" form, in the columns and units of the form's own rows, so that
 * the rows on screen are the plan that runs.
 */
record PlanRow(String protocol, String direction, int streams, int seconds, String interval, String target,
               String tool) {

    /** The standard plan's scenarios, from the plan itself. */
    static List<PlanRow> standard() {
        return StandardPlan.scenarios().stream().map(PlanRow::of).toList();
    }

    static PlanRow of(Scenario scenario) {
        return new PlanRow(scenario.protocol(), scenario.direction(), scenario.streams(), scenario.durationSeconds(),
                plain(scenario.intervalSeconds()),
                scenario.targetBitsPerSecond() == null ? "—" : plain(scenario.targetBitsPerSecond() / 1e6),
                scenario.tool());
    }

    private static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
