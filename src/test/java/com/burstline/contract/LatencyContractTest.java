package com.burstline.contract;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The wire records of latency: what each side writes, the other reads back the same, and what neither accepts. */
class LatencyContractTest {
    private static final String NONCE = "dispatch-nonce-0123456789abcdef";
    private static final LatencyStats IDLE = new LatencyStats(150, 0, 0.041, 0.05, 0.06, 0.09, 0.09, 0.1, 0.052);
    private static final LatencyStats LOADED = new LatencyStats(1380, 20, 0.9, 48.2, 50.1, 51.3, 51.9, 52.0, 47.5);

    static LatencyReport probeReport() {
        LatencySummary summary = new LatencySummary(LatencySummary.LOADED_LATENCY, "UDP", 64, 1, 50.0, 3.0, 1000.0,
                28.0, IDLE, LOADED, null, new LatencyStats(1380, 0, 0.0, 47.0, 49.0, 50.2, 50.8, 51.0, 46.3),
                new LatencyStats(1380, 0, 0.0, 0.01, 0.02, 0.05, 0.06, 0.07, 0.015), null, null, null);
        return new LatencyReport(summary, List.of(new LatencySample(-3, 0, LatencySample.IDLE, IDLE),
                new LatencySample(0, 5, LatencySample.LOADED, LOADED)));
    }

    @Test
    void aReportReadsBackAsItWasWritten() {
        LatencyReport report = probeReport();

        LatencyReport read = LatencyReport.fromJson(Json.parseObject(Json.write(report.toJson())));

        assertThat(read).isEqualTo(report);
    }

    @Test
    void liveLatencySamplesCarryTheirAttemptAndNonce() {
        LatencySamples samples = new LatencySamples(new AttemptKey(7, 31, 1), probeReport(), NONCE);

        LatencySamples read = LatencySamples.fromJson(Json.parseObject(Json.write(samples.toJson())));

        assertThat(read).isEqualTo(samples);
        assertThat(samples.toJson()).containsKeys("jobId", "scenarioId", "attempt", "report", "nonce");
    }

    @Test
    @SuppressWarnings("unchecked")
    void figuresNoRealMeasurementHasAreRefused() {
        assertThatThrownBy(() -> new LatencyStats(-1, 0, null, null, null, null, null, null, null))
                .isInstanceOf(InvalidMessageException.class).hasMessageContaining("answered");
        assertThatThrownBy(() -> new LatencyStats(1, 0, 1.0, -0.5, 1.0, 1.0, 1.0, 1.0, 1.0))
                .hasMessageContaining("round trip must be between 0 and 3600000 ms");
        assertThatThrownBy(() -> new LatencyStats(0, 3, null, null, null, null, null, 2.0, null))
                .hasMessageContaining("without an answered request");
        assertThatThrownBy(() -> new LatencySample(5, 5, LatencySample.LOADED, IDLE))
                .hasMessageContaining("must end after it starts");
        assertThatThrownBy(() -> new LatencySample(0, 1, "busy", IDLE)).hasMessageContaining("phase must be one of");
        Map<String, Object> json = probeReport().toJson();
        ((List<Map<String, Object>>) json.get("samples")).get(0).put("p50Ms", 1e300);
        assertThatThrownBy(() -> LatencyReport.fromJson(Json.parseObject(Json.write(json))))
                .isInstanceOf(InvalidMessageException.class);
        Map<String, Object> misspelt = probeReport().toJson();
        ((Map<String, Object>) misspelt.get("summary")).put("p95Ms", 1.0);
        assertThatThrownBy(() -> LatencyReport.fromJson(Json.parseObject(Json.write(misspelt))))
                .hasMessageContaining("unknown field 'p95Ms'");
    }

    @Test
    void aRequestResponseScenarioIsTheEnginesWithAMessageSizeAndNoTarget() {
        Scenario rr = Scenario.of(Protocol.UDP_RR, Direction.UPLOAD).streams(4).durationSeconds(10).build();

        assertThat(rr.tool()).isEqualTo(Scenario.TOOL_ENGINE);
        assertThat(rr.messageBytes()).isEqualTo(Scenario.DEFAULT_MESSAGE_BYTES);
        assertThat(rr.name()).isEqualTo("UDP_RR 4 flows, 64 B");
        assertThat(ScenarioNames.name(Protocol.TCP_RR, Direction.UPLOAD, 1, null)).isEqualTo("TCP_RR 1 flow");
        assertThat(rr.withDuration(4).messageBytes()).isEqualTo(64);
        assertThatThrownBy(() -> Scenario.of(Protocol.UDP_RR, Direction.UPLOAD).durationSeconds(10)
                .targetBitsPerSecond(1_000_000L).messageBytes(64)
                .build()).hasMessageContaining("takes no targetBitsPerSecond");
        assertThatThrownBy(() -> Scenario.of(Protocol.TCP_RR, Direction.DOWNLOAD).durationSeconds(10).messageBytes(64)
                .build()).hasMessageContaining("must be upload");
        assertThatThrownBy(() -> Scenario.of(Protocol.UDP_RR, Direction.UPLOAD).durationSeconds(10)
                .tool(Scenario.TOOL_IPERF3).messageBytes(64)
                .build()).hasMessageContaining("iperf3 has no request/response test");
        assertThatThrownBy(() -> Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(10).messageBytes(64)
                .build())
                .hasMessageContaining("messageBytes is for UDP_RR and TCP_RR only");
        assertThatThrownBy(() -> Scenario.of(Protocol.UDP_RR, Direction.UPLOAD).durationSeconds(10).messageBytes(15)
                .build().bounded()).hasMessageContaining("messageBytes must be between 16 and 65000");
    }

    @Test
    void aSpecCarriesTheProbeAndItsTimeAndTheServerRoleItsPortAndSession() {
        Scenario tcp = Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(30).intervalSeconds(5).omitSeconds(2)
                .build();
        ScenarioSpec spec = new ScenarioSpec(new AttemptKey(7, 31, 1), "10.0.0.2", 5201, tcp, NONCE,
                null, LatencyProbeSpec.standard(5211, -42));

        ScenarioSpec read = ScenarioSpec.fromJson(Json.parseObject(Json.write(spec.toJson())));
        ServerRoleRequest role = ServerRoleRequest.forScenario(spec, Duration.ofSeconds(20));

        assertThat(read).isEqualTo(spec);
        assertThat(spec.limitSeconds(Duration.ofSeconds(20))).isEqualTo(30 + 2 + 20 + 3 + 1);
        assertThat(ServerRoleRequest.fromJson(Json.parseObject(Json.write(role.toJson())))).isEqualTo(role);
        assertThat(role.latencyProbe().session()).isEqualTo(-42);
        assertThat(role.timeoutSeconds()).isEqualTo(56);
        assertThat(role.requestResponse()).isFalse();
        assertThatThrownBy(() -> new ScenarioSpec(new AttemptKey(7, 31, 1), "10.0.0.2", 5201, tcp, NONCE,
                null, LatencyProbeSpec.standard(5201, 1))).hasMessageContaining("needs a port of its own");
    }

    @Test
    void aRequestResponseSpecAsksThePeerForTheEnginesServerAndTakesNoProbe() {
        Scenario rr = Scenario.of(Protocol.TCP_RR, Direction.UPLOAD).streams(2).durationSeconds(10).messageBytes(1000)
                .build();
        ScenarioSpec spec = new ScenarioSpec(new AttemptKey(7, 31, 1), "10.0.0.2", 5201, rr, NONCE);

        ServerRoleRequest role = ServerRoleRequest.forScenario(spec, Duration.ofSeconds(20));

        assertThat(role.protocol()).isEqualTo(Protocol.TCP_RR);
        assertThat(role.tool()).isEqualTo(Scenario.TOOL_ENGINE);
        assertThat(ServerRoleRequest.fromJson(Json.parseObject(Json.write(role.toJson())))).isEqualTo(role);
        assertThat(RequestResponseCommand.client(spec.peerHost(), spec.port(), rr)).containsExactly("java", "-jar",
                "burstline-agent.jar", "rr", "-c", "10.0.0.2", "-p", "5201", "--protocol", "TCP_RR", "-l", "1000",
                "-P", "2", "-t", "10");
        assertThatThrownBy(() -> new ScenarioSpec(new AttemptKey(7, 31, 1), "10.0.0.2", 5201, rr, NONCE, null,
                LatencyProbeSpec.standard(5211, 1))).hasMessageContaining("takes no loaded-latency probe");
        assertThatThrownBy(() -> new ServerRoleRequest(5201, 60, "auto", null, Protocol.TCP, null))
                .hasMessageContaining("protocol of a server role must be UDP_RR or TCP_RR");
    }

    @Test
    void aResultCarriesItsLatencyReport() {
        ScenarioResult result = new ScenarioResult(7L, 31L, 1, true, null, "{}", ScenarioResult.JSON, "", List.of(),
                0, Map.of(), Map.of(), NONCE, null, probeReport().toJson());

        assertThat(result.latencyReport()).isEqualTo(probeReport());
        assertThat(new ScenarioResult(7L, 31L, 1, true, null, "{}", ScenarioResult.JSON, "", List.of(), 0, Map.of(),
                Map.of(), NONCE).latencyReport()).isNull();
    }
}
