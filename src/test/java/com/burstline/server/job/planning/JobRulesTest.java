package com.burstline.server.job.planning;

import com.burstline.contract.Direction;

import com.burstline.contract.Protocol;

import com.burstline.contract.Scenario;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** JobRules makes a contract Scenario only from checked fields, so a request's problems still come all at once. */
class JobRulesTest {
    private static JobRequest request(List<JobRequest.ScenarioRequest> scenarios, Integer durationSeconds) {
        return new JobRequest("sut", "peer", scenarios == null ? "standard" : null, scenarios, 1, List.of(),
                durationSeconds, null);
    }

    @Test
    void everyProblemOfAScenarioIsListedNotOnlyTheFirstTheContractMeets() {
        InvalidJobException refused = catchThrowableOfType(InvalidJobException.class, () -> JobRules.check(
                request(List.of(new JobRequest.ScenarioRequest("udp", "upload", 0, 10, null, 601, null, "netperf")),
                        null), name -> true));

        assertThat(refused.problems()).hasSize(4).anyMatch(p -> p.startsWith("scenarios[0].streams"))
                .anyMatch(p -> p.startsWith("scenarios[0].omitSeconds"))
                .contains("scenarios[0]." + Scenario.UDP_NEEDS_TARGET)
                .anyMatch(p -> p.startsWith("scenarios[0].tool must be one of"));
    }

    @Test
    void aPlansDurationOutOfBoundsIsAProblemNotAnError() {
        InvalidJobException refused = catchThrowableOfType(InvalidJobException.class,
                () -> JobRules.check(request(null, 3601), name -> true));

        assertThat(refused.problems()).singleElement().asString().startsWith("durationSeconds must be");
    }

    @Test
    void aValidRequestPlansContractScenarios() {
        PlannedJob planned = JobRules.check(request(List.of(new JobRequest.ScenarioRequest("udp", "Download", 2, 30,
                5.0, 1, 1_000_000_000L, null)), 8), name -> true);

        assertThat(planned.scenarios()).containsExactly(
                Scenario.of(Protocol.UDP, Direction.DOWNLOAD).streams(2).durationSeconds(8).intervalSeconds(2)
                        .omitSeconds(1).targetBitsPerSecond(1_000_000_000L).build());
    }
}
