package com.burstline.server.job;

import com.burstline.server.job.planning.BurstProbePlan;
import com.burstline.server.job.planning.CoolDownRequest;
import com.burstline.server.job.planning.InvalidJobException;
import com.burstline.server.job.planning.JobRequest;
import com.burstline.server.job.planning.JobRules;
import com.burstline.server.job.planning.Problem;
import com.burstline.server.job.planning.PlannedJob;
import com.burstline.server.job.planning.StandardPlan;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The form's burst probe is the API's: its duration field is the probe's maximum, never a fixed duration; its
 * cool-down takes "auto" as the API does. The rules' problems reach the page in the form's labels, rows and units.
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
                .hasMessageContaining("Cool-down (s) must be a whole number, not 'soon'");
    }

    @Test
    void rowsTypedUnderAnotherPlanAreRefusedNeverReplacedByThatPlan() {
        JobForm rows = withRows("standard", List.of("TCP", "", "", "", "", ""), List.of("", "", "", "", "", ""));

        assertThatThrownBy(rows::toRequest).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("you filled in scenario rows, but the plan is “Standard”: choose “Custom "
                        + "scenarios” to run your rows");
        assertThat(withRows("custom", List.of("TCP", "", "", "", "", ""), List.of("", "", "", "", "", ""))
                .toRequest().scenarios())
                .singleElement().satisfies(scenario -> assertThat(scenario.protocol()).isEqualTo("TCP"));
    }

    @Test
    void aUdpRowWithoutATargetIsAskedForInTheFormsWords() {
        JobForm udp = withRows("custom", List.of("UDP", "", "", "", "", ""), List.of("", "", "", "", "", ""));

        assertThatThrownBy(udp::toRequest).isInstanceOf(InvalidJobException.class)
                .hasMessageContaining("Row 1: Target (Mbit/s) is needed for UDP (iperf3 -b), e.g. 1000");
        assertThat(withRows("custom", List.of("UDP", "", "", "", "", ""), List.of("500", "", "", "", "", ""))
                .toRequest()
                .scenarios().get(0).targetBitsPerSecond()).isEqualTo(500_000_000L);
    }

    @Test
    void aTargetMayBeAFractionOfAMegabit() {
        JobForm udp = withRows("custom", List.of("UDP", "", "", "", "", ""), List.of("0.5", "", "", "", "", ""));

        assertThat(udp.toRequest().scenarios().get(0).targetBitsPerSecond()).isEqualTo(500_000L);
    }

    @Test
    void theRulesProblemsReachThePageInTheFormsLabelsRowsAndUnits() {
        JobForm empty = JobForm.empty();
        JobForm form = new JobForm("arm-a", "arm-b", "custom", "", "1", "", "continue",
                List.of("", "TCP", "UDP", "", "", ""), empty.direction(), List.of("1", "0", "1", "1", "1", "1"),
                List.of("", "", "10", "", "", ""), List.of("1", "1", "0", "1", "1", "1"),
                List.of("", "", "500000", "", "", ""), empty.tool(), List.of("", "ghost", ""),
                List.of("", "arm-b", ""), "sequential", "", "4000", "x".repeat(JobRules.MAX_DRIVER + 1), "");

        List<Problem> problems = problemsOf(form);

        // the API's words are the rules' own; only the page translates them
        assertThat(problems.stream().map(Problem::text)).contains("scenarios[0].streams must be between 1 and 128, not 0",
                "scenarios[1].targetBitsPerSecond must be between 1000 and 400000000000, not 500000000000");
        assertThat(form.inFormWords(problems)).containsExactlyInAnyOrder(
                "Pair 3: SUT: no agent named 'ghost' is registered (see Agents)",
                "Row 2: Streams must be between 1 and 128, not 0",
                "Row 2: Seconds is missing: give them in the row, or a Duration of every scenario (s)",
                "Row 3: Interval (s) must be between 0.1 and 60, not 0",
                "Row 3: Target (Mbit/s) must be between 0.001 and 400000, not 500000",
                "Cool-down (s) must be between 0 and 3600, not 4000",
                "Driver label must be at most 200 characters without line breaks, e.g. 'ENA ARM64 2.2.1'; it is "
                        + "201 characters long");
    }

    @Test
    void theFirstPairAndTheJobWideFieldsAreNamedAsTheFormLabelsThem() {
        JobForm empty = JobForm.empty();
        JobForm form = new JobForm("arm-a", "arm-a", "standard", "0", "101", "", "continue", empty.protocol(),
                empty.direction(), empty.streams(), empty.scenarioSeconds(), empty.intervalSeconds(),
                empty.targetMbps(), empty.tool(), empty.pairSut(), empty.pairPeer(), "sequential", "", "0", "",
                "y".repeat(JobRules.MAX_INSTANCE_TYPE + 1));

        assertThat(form.inFormWords(problemsOf(form))).containsExactlyInAnyOrder(
                "SUT and peer must be two different agents, not both 'arm-a'",
                "Repeats must be between 1 and 100, not 101",
                "Duration of every scenario (s) must be between 1 and 3600, not 0",
                "Instance type label must be at most 64 characters without line breaks, e.g. 't4g.large'; it is 65 "
                        + "characters long");
    }

    @Test
    void noAgentChosenIsMissingNotTwoEqualAgents() {
        JobForm empty = JobForm.empty();
        JobForm form = new JobForm("", "", "standard", "", "1", "", "continue", empty.protocol(), empty.direction(),
                empty.streams(), empty.scenarioSeconds(), empty.intervalSeconds(), empty.targetMbps(), empty.tool(),
                empty.pairSut(), empty.pairPeer(), "sequential", "", "0", "", "");

        assertThat(form.inFormWords(problemsOf(form))).containsExactly(
                "SUT is missing: give the name of a registered agent (see Agents)",
                "Peer is missing: give the name of a registered agent (see Agents)");
    }

    @Test
    void theStandardPlansRowsAreThePlansOwnScenarios() {
        assertThat(PlanRow.standard()).hasSize(StandardPlan.scenarios().size())
                .extracting(PlanRow::protocol, PlanRow::streams, PlanRow::target)
                .containsExactly(tuple("TCP", 1, "—"),
                        tuple("TCP", 4, "—"),
                        tuple("TCP", 1, "—"),
                        tuple("TCP", 4, "—"),
                        tuple("UDP", 1, "1000"),
                        tuple("UDP", 1, "5000"),
                        tuple("UDP_RR", 1, "—"));
        assertThat(PlanRow.standard().get(0).interval()).isEqualTo("5");
    }

    /** What the real rules say about the form's request, every agent but "ghost" registered. */
    private static List<Problem> problemsOf(JobForm form) {
        try {
            JobRules.check(form.toRequest(), name -> !"ghost".equals(name));
        } catch (InvalidJobException invalid) {
            return invalid.details();
        }
        throw new AssertionError("the rules accepted " + form);
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
