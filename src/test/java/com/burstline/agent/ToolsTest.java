package com.burstline.agent;

import com.burstline.contract.Direction;

import com.burstline.contract.Protocol;

import com.burstline.contract.Scenario;
import com.burstline.contract.AttemptKey;
import com.burstline.contract.DispatchNonce;
import com.burstline.contract.ScenarioSpec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ToolsTest {
    private static final Iperf3Version V3_12 = Iperf3Version.parse("iperf 3.12 (cJSON 1.7.15)");

    private static ScenarioSpec spec(String tool) {
        return new ScenarioSpec(new AttemptKey(7, 31, 1), "127.0.0.1", 5201,
                Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(5).tool(tool)
                        .build(), DispatchNonce.generate());
    }

    @Test
    void autoIsIperf3WhenABinaryIsPresentAndTheEngineWithout() {
        assertThat(Tools.resolve("auto", true)).isEqualTo("iperf3");
        assertThat(Tools.resolve("auto", false)).isEqualTo("burstline-java");
        assertThat(Tools.resolve("java", true)).isEqualTo("burstline-java");
        assertThat(Tools.resolve("iperf3", false)).isEqualTo("iperf3");
    }

    @Test
    void withIperf3PresentAutoRunsIperf3AndJavaRunsTheEngine() {
        Tools tools = new Tools(new Iperf3Tool("/usr/bin/iperf3", V3_12), true);

        assertThat(tools.forSpec(spec("auto"))).isInstanceOf(Iperf3Tool.class);
        assertThat(tools.forSpec(spec("iperf3"))).isInstanceOf(Iperf3Tool.class);
        assertThat(tools.forSpec(spec("java"))).isInstanceOf(EngineTool.class);
        assertThat(tools.names()).containsExactly("iperf3", "burstline-java");
        assertThat(tools.cannotRun(spec("auto"))).isNull();
    }

    @Test
    void withoutIperf3AutoRunsTheEngineAndIperf3IsRefusedInWords() {
        Tools tools = new Tools(null, false);

        assertThat(tools.forSpec(spec("auto"))).isInstanceOf(EngineTool.class);
        assertThat(tools.names()).containsExactly("burstline-java");
        assertThat(tools.cannotRun(spec("java"))).isNull();
        assertThat(tools.cannotRun(spec("iperf3"))).contains("no iperf3 binary").contains("'burstline-java'");
    }

    @Test
    void anEmulatedIperf3RunsOnlyWhenAskedForByNameAndAutoTakesTheEngine() {
        Tools tools = new Tools(new Iperf3Tool("iperf3.exe", V3_12), false);

        assertThat(tools.forSpec(spec("auto"))).isInstanceOf(EngineTool.class);
        assertThat(tools.forSpec(spec("iperf3"))).isInstanceOf(Iperf3Tool.class);
        assertThat(tools.resolve("auto")).isEqualTo("burstline-java");
        assertThat(tools.names()).containsExactly("iperf3", "burstline-java");
    }

    @Test
    void theEngineRunsTheLineTheReportPrints() {
        assertThat(EngineTool.command(new ScenarioSpec(new AttemptKey(7, 31, 1), "10.77.0.2", 5209,
                Scenario.of(Protocol.UDP, Direction.DOWNLOAD).streams(2).durationSeconds(10).omitSeconds(2)
                        .targetBitsPerSecond(1_000_000_000L).tool("java").build(), DispatchNonce.generate())))
                .containsExactly("java", "-jar", "burstline-agent.jar", "iperf3", "-c", "10.77.0.2", "-p", "5209",
                        "-u", "-b", "1G", "-P", "2", "-R", "-t", "10", "-O", "2", "--get-server-output",
                        "--json-stream");
    }
}
