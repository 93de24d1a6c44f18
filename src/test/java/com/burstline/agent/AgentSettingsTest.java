package com.burstline.agent;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AgentSettingsTest {
    private static final List<String> REQUIRED = List.of("--server", "http://10.77.1.1:8080", "--token", "t",
            "--name", "arm-a");

    @Test
    void defaultsFollowTheListenAddress() {
        AgentSettings settings = AgentSettings.parse(REQUIRED, Map.of());

        assertThat(settings.listen().getPort()).isEqualTo(7701);
        assertThat(settings.advertise()).isNull();
        assertThat(settings.testAddress()).isEqualTo("127.0.0.1");
        assertThat(settings.iperf3()).isEqualTo("iperf3");
    }

    @Test
    void environmentVariablesWorkAndOptionsWinOverThem() {
        Map<String, String> environment = Map.of("BURSTLINE_SERVER", "http://s:8080", "BURSTLINE_AGENT_TOKEN", "t",
                "BURSTLINE_AGENT_NAME", "from-env", "BURSTLINE_INSTANCE_TYPE", "t4g.large",
                "BURSTLINE_AGENT_ADVERTISE", "http://10.77.1.2:7701");

        AgentSettings fromEnvironment = AgentSettings.parse(List.of(), environment);
        AgentSettings overridden = AgentSettings.parse(List.of("--name", "from-option"), environment);

        assertThat(fromEnvironment.instanceType()).isEqualTo("t4g.large");
        assertThat(fromEnvironment.testAddress()).isEqualTo("10.77.1.2");
        assertThat(overridden.name()).isEqualTo("from-option");
    }

    @Test
    void badArgumentsSayWhatIsWrong() {
        assertThatThrownBy(() -> AgentSettings.parse(List.of("--name", "a"), Map.of()))
                .hasMessageContaining("--server is required");
        assertThatThrownBy(() -> AgentSettings.parse(concat("--frobnicate", "1"), Map.of()))
                .hasMessageContaining("unknown argument '--frobnicate'");
        assertThatThrownBy(() -> AgentSettings.parse(concat("--listen"), Map.of()))
                .hasMessageContaining("--listen needs a value");
        assertThatThrownBy(() -> AgentSettings.parse(concat("--listen", "0.0.0.0:99999"), Map.of()))
                .hasMessageContaining("port of 0-65535");
        assertThatThrownBy(() -> AgentSettings.parse(concat("--name", "a b"), Map.of()))
                .hasMessageContaining("--name must be");
        assertThatThrownBy(() -> AgentSettings.parse(concat("--test-address", "-x"), Map.of()))
                .hasMessageContaining("--test-address");
    }

    private static List<String> concat(String... more) {
        return java.util.stream.Stream.concat(REQUIRED.stream(), java.util.Arrays.stream(more)).toList();
    }
}
