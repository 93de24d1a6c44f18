package com.burstline.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AgentSettingsTest {
    private static final List<String> REQUIRED = List.of("--server", "http://127.0.0.1:8080", "--token", "t",
            "--name", "arm-a");

    @Test
    void defaultsFollowTheListenAddress() {
        AgentSettings settings = AgentSettings.parse(REQUIRED, Map.of());

        assertThat(settings.listen().getPort()).isEqualTo(7701);
        assertThat(settings.listen().getHostString()).as("the address that reaches the server").isEqualTo("127.0.0.1");
        assertThat(settings.advertise()).isNull();
        assertThat(settings.testAddress()).isEqualTo("127.0.0.1");
        assertThat(settings.iperf3()).isEqualTo("iperf3");
    }

    /** Loopback peers only here: the check resolves nothing beyond literal addresses. */
    @Test
    void allowedPeersBoundWhomTheAgentMeasures() {
        AgentSettings any = AgentSettings.parse(REQUIRED, Map.of());
        AgentSettings bounded = AgentSettings.parse(concat("--allowed-peers", "127.0.0.0/30, ::1"), Map.of());

        assertThat(any.allowedPeers().any()).isTrue();
        bounded.allowedPeers().check("127.0.0.3");
        bounded.allowedPeers().check("::1");
        assertThatThrownBy(() -> bounded.allowedPeers().check("127.0.0.4"))
                .isInstanceOf(AllowedPeers.PeerNotAllowedException.class)
                .hasMessage("peer 127.0.0.4 (127.0.0.4) is outside this agent's --allowed-peers "
                        + "(127.0.0.0/30,0:0:0:0:0:0:0:1/128): this agent measures no one else");
        assertThatThrownBy(() -> AgentSettings.parse(concat("--allowed-peers", "lab-net"), Map.of()))
                .hasMessage("--allowed-peers: 'lab-net' is not a CIDR range like 10.0.0.0/8");
        assertThat(AgentSettings.parse(REQUIRED, Map.of("BURSTLINE_AGENT_ALLOWED_PEERS", "10.77.0.0/24"))
                .allowedPeers()).hasToString("10.77.0.0/24");
    }

    @Test
    void environmentVariablesWorkAndOptionsWinOverThem() {
        Map<String, String> environment = Map.of("BURSTLINE_SERVER", "http://s:8080", "BURSTLINE_AGENT_TOKEN", "t",
                "BURSTLINE_AGENT_NAME", "from-env", "BURSTLINE_INSTANCE_TYPE", "t4g.large",
                "BURSTLINE_AGENT_ADVERTISE", "https://10.77.1.2:7701", "BURSTLINE_AGENT_LISTEN", "10.77.1.2:7701");

        AgentSettings fromEnvironment = AgentSettings.parse(List.of(), environment);
        AgentSettings overridden = AgentSettings.parse(List.of("--name", "from-option"), environment);

        assertThat(fromEnvironment.instanceType()).isEqualTo("t4g.large");
        assertThat(fromEnvironment.testAddress()).isEqualTo("10.77.1.2");
        assertThat(overridden.name()).isEqualTo("from-option");
    }

    @Test
    void theTokenComesFromAFileSoItDoesNotShowInPs(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("agent-token");
        Files.writeString(file, "from-the-file-0123456789\n");
        List<String> args = List.of("--server", "http://127.0.0.1:8080", "--token-file", file.toString(),
                "--name", "arm-a");
        assertThat(AgentSettings.parse(args, Map.of()).token()).isEqualTo("from-the-file-0123456789");
        assertThat(AgentSettings.parse(List.of("--server", "http://127.0.0.1:8080", "--name", "arm-a"),
                Map.of("BURSTLINE_AGENT_TOKEN_FILE", file.toString())).token()).isEqualTo("from-the-file-0123456789");
        assertThatThrownBy(() -> AgentSettings.parse(List.of("--server", "http://127.0.0.1:8080", "--token-file",
                dir.resolve("missing").toString(), "--name", "arm-a"), Map.of()))
                .hasMessageContaining("--token-file " + dir.resolve("missing") + " cannot be read");
        assertThatThrownBy(() -> AgentSettings.parse(List.of("--server", "http://127.0.0.1:8080", "--name", "a"),
                Map.of())).hasMessageContaining("--token-file or --token is required");
    }

    @Test
    void listensOnTheControlAddressUnlessToldOtherwise() {
        assertThat(AgentSettings.parse(concat("--listen", ":7702"), Map.of()).listen())
                .isEqualTo(new java.net.InetSocketAddress("127.0.0.1", 7702));
        assertThat(AgentSettings.parse(concat("--listen", "0.0.0.0:7703"), Map.of()).listen().getAddress()
                .isAnyLocalAddress()).isTrue();
        assertThatThrownBy(() -> AgentSettings.parse(List.of("--server", "http://no-such-host.invalid:8080",
                "--token", "t", "--name", "a"), Map.of()))
                .hasMessageContaining("no local address reaches --server no-such-host.invalid")
                .hasMessageContaining("give --listen HOST:PORT");
        assertThat(AgentSettings.parse(List.of("--server", "http://no-such-host.invalid:8080", "--token", "t",
                "--name", "a", "--listen", "127.0.0.1:7701"), Map.of()).listen().getPort()).isEqualTo(7701);
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
