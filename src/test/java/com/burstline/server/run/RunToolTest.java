package com.burstline.server.run;

import com.burstline.contract.Scenario;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RunToolTest {
    @Test
    void theEngineNamesItselfInTheVersionAndAnythingElseIsIperf3() {
        assertThat(Scenario.toolOf("burstline-java 0.1.0")).isEqualTo("burstline-java");
        assertThat(Scenario.toolOf("3.12")).isEqualTo("iperf3");
        assertThat(Scenario.toolOf(null)).isEqualTo("iperf3");
        assertThat(Scenario.toolOf("burstline-javascript")).isEqualTo("iperf3");
    }
}
