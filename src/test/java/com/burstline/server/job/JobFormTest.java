package com.burstline.server.job;

import com.burstline.server.job.planning.BurstProbePlan;
import com.burstline.server.job.planning.CoolDownRequest;
import com.burstline.server.job.planning.InvalidJobException;
import com.burstline.server.job.planning.JobRequest;
import com.burstline.server.job.planning.JobRules;
import com.burstline.server.job.planning.PlannedJob;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The form's burst probe is the API's: its duration field is the probe's maximum, never a fixed duration; its
 * cool-down takes "auto" as the API does.
 */
class JobFormTest {

    @Test
    void theBurstProbeChoiceAsksForTheProbeWithTheDurationAsItsMaximum() {
        JobForm empty = JobForm.empty();
        JobForm form = new JobForm("arm-a", "arm-b", "burst-probe", "120", "1", "credit", "continue",
                empty.protocol(), empty.direction(), empty.streams(), empty.scenarioSeconds(),
                empty.intervalSeconds(), empty.targetMbps(), empty.tool(), empty.pairSut(), empty.pairPeer(),
                "sequential", "", "0", "", "");

        JobRequest request = form.toRequest();

        assertThat(request.plan()).isEqualTo("burst-probe");
        assertThat(request.scenarios()).isNull();
        assertThat(request.durationSeconds()).isNull();
        assertThat(request.maxDurationSeconds()).isEqualTo(120);
        assertThat(request.tags()).isEqualTo(List.of("credit"));
        PlannedJob planned = JobRules.check(request, name -> true);
        assertThat(planned.scenarios()).singleElement().satisfies(scenario -> {
            assertThat(scenario.durationSeconds()).isEqualTo(120);
            assertThat(scenario.streams()).isEqualTo(BurstProbePlan.STREAMS);
        });
    }

    @Test
    void theCoolDownFieldTakesAutoOrWholeSeconds() {
        assertThat(form(" Auto ").toRequest().coolDownSeconds().isAuto()).isTrue();
        assertThat(form("90").toRequest().coolDownSeconds()).isEqualTo(CoolDownRequest.ofSeconds(90));
        assertThatThrownBy(() -> form("soon").toRequest()).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("cool-down must be a whole number, not 'soon'");
    }

    @Test
    void rowsTypedUnderAnotherPlanAreRefusedNeverReplacedByThatPlan() {
        JobForm rows = withRows("standard", List.of("TCP", "", "", ""), List.of("", "", "", ""));

        assertThatThrownBy(rows::toRequest).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("you filled in scenario rows, but the plan is “Standard”: choose “Custom "
                        + "scenarios” to run your rows");
        assertThat(withRows("custom", List.of("TCP", "", "", ""), List.of("", "", "", "")).toRequest().scenarios())
                .singleElement().satisfies(scenario -> assertThat(scenario.protocol()).isEqualTo("TCP"));
    }

    @Test
    void aUdpRowWithoutATargetIsAskedForInTheFormsWords() {
        JobForm udp = withRows("custom", List.of("UDP", "", "", ""), List.of("", "", "", ""));

        assertThatThrownBy(udp::toRequest).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("scenario row 1: Target (Mbit/s) is needed for UDP (iperf3 -b), e.g. 1000");
        assertThat(withRows("custom", List.of("UDP", "", "", ""), List.of("500", "", "", "")).toRequest()
                .scenarios().get(0).targetBitsPerSecond()).isEqualTo(500_000_000L);
    }

    private static JobForm withRows(String plan, List<String> protocols, List<String> targets) {
        JobForm empty = JobForm.empty();
        return new JobForm("arm-a", "arm-b", plan, "", "1", "", "continue", protocols, empty.direction(),
                empty.streams(), empty.scenarioSeconds(), empty.intervalSeconds(), targets, empty.tool(),
                empty.pairSut(), empty.pairPeer(), "sequential", "", "0", null, null);
    }

    private static JobForm form(String coolDown) {
        JobForm empty = JobForm.empty();
        return new JobForm("arm-a", "arm-b", "standard", "", "1", "", "continue", empty.protocol(),
                empty.direction(), empty.streams(), empty.scenarioSeconds(), empty.intervalSeconds(),
                empty.targetMbps(), empty.tool(), empty.pairSut(), empty.pairPeer(), "sequential", "", coolDown,
                null, null);
    }
}
