package com.burstline.agent;

import com.burstline.contract.ScenarioSpec;
import com.burstline.contract.ScenarioSpecTest;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The argument lists iperf3 is started with: built from typed values only, one value per argument. */
class Iperf3ToolTest {
    private static final Iperf3Version V3_12 = Iperf3Version.parse("iperf 3.12 (cJSON 1.7.15)");
    private static final Iperf3Version V3_18 = Iperf3Version.parse("iperf 3.18 (cJSON 1.7.15)");

    @Test
    void tcpFourStreamDownloadOn312UsesDashJ() {
        Map<String, Object> json = ScenarioSpecTest.valid();
        json.put("direction", "download");
        json.put("omitSeconds", 2);

        assertThat(new Iperf3Tool("/usr/bin/iperf3", V3_12).clientArguments(ScenarioSpec.fromJson(json)))
                .containsExactly("/usr/bin/iperf3", "-c", "10.77.0.2", "-p", "5201", "-P", "4", "-R", "-t", "30",
                        "-i", "5", "-O", "2", "--get-server-output", "-J");
    }

    @Test
    void udpUploadOn318StreamsItsIntervals() {
        Map<String, Object> json = ScenarioSpecTest.valid();
        json.put("protocol", "udp");
        json.put("streams", 1);
        json.put("targetBitsPerSecond", 1_000_000_000L);

        assertThat(new Iperf3Tool("iperf3", V3_18).clientArguments(ScenarioSpec.fromJson(json)))
                .containsExactly("iperf3", "-c", "10.77.0.2", "-p", "5201", "-u", "-b", "1G", "-t", "30", "-i", "5",
                        "--get-server-output", "--json-stream", "--forceflush");
    }

    @Test
    void bidirNeedsIperf37() {
        Map<String, Object> json = ScenarioSpecTest.valid();
        json.put("direction", "bidir");
        ScenarioSpec spec = ScenarioSpec.fromJson(json);

        assertThat(new Iperf3Tool("iperf3", V3_12).clientArguments(spec)).contains("--bidir");
        assertThat(new Iperf3Tool("iperf3", V3_12).cannotRun(spec)).isNull();
        assertThat(new Iperf3Tool("iperf3", Iperf3Version.parse("iperf 3.6")).cannotRun(spec)).contains("3.7");
    }

    @Test
    void serverRoleRunsOneTestAndFlushesItsOutput() {
        assertThat(new Iperf3ServerRole("iperf3", "10.77.0.2").arguments(5201, false))
                .containsExactly("iperf3", "-s", "-p", "5201", "-B", "10.77.0.2", "-1", "--forceflush");
    }

    @Test
    void serverRoleWritesJsonWhereItsListeningSocketCanBeSeenSoThatTheClientGetsTheServersIntervals() {
        assertThat(new Iperf3ServerRole("iperf3", "10.77.0.2").arguments(5201, true))
                .containsExactly("iperf3", "-s", "-p", "5201", "-B", "10.77.0.2", "-1", "-J", "--forceflush");
    }
}
