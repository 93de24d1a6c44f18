package com.burstline.server.run;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RunToolTest {
    @Test
    void theEngineNamesItselfInTheVersionAndAnythingElseIsIperf3() {
        assertThat(Run.tool("burstline-java 0.1.0")).isEqualTo("burstline-java");
        assertThat(Run.tool("3.12")).isEqualTo("iperf3");
        assertThat(Run.tool(null)).isEqualTo("iperf3");
        assertThat(Run.tool("burstline-javascript")).isEqualTo("iperf3");
    }
}
