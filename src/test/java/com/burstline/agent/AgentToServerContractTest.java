package com.burstline.agent;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.DispatchNonce;
import com.burstline.contract.HostDrops;
import com.burstline.contract.HostFacts;
import com.burstline.contract.Json;
import com.burstline.contract.LiveSamples;
import com.burstline.contract.ScenarioResult;
import com.burstline.contract.ScenarioSpec;
import com.burstline.contract.ScenarioSpecTest;
import com.burstline.iperf.Samples;
import com.burstline.server.fleet.AgentView;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The agent's side of the wire contract: what the agent's own code writes (this host's real facts and counters, real
 * iperf3 output), read back as the server reads it: Jackson data binding into the contract's records, and the
 * server's {@link AgentView} for facts.
 */
class AgentToServerContractTest {
    private static final JsonMapper SERVER = JsonMapper.builder().build();
    private static final Iperf3Version V3_12 = Iperf3Version.parse("iperf 3.12 (cJSON 1.7.15)");

    private final LinuxPlatform platform = new LinuxPlatform();
    private final FactsCollector facts = new FactsCollector(platform, "/usr/bin/iperf3", V3_12, "t4g.large",
            java.util.List.of("iperf3", "burstline-java"));

    @Test
    void hostFactsReadTheSameOnTheServer() {
        HostFacts written = facts.collectFor("127.0.0.1");

        AgentView read = new AgentView("a", "http://127.0.0.1:7701", "127.0.0.1", "0.1.0",
                SERVER.readTree(Json.write(written.toJson())), true, false, null, null, null, null);

        assertThat(AgentView.factsOf(read.facts())).isEqualTo(written);
        assertThat(written.routeInterface()).isEqualTo("lo");
        assertThat(written.routeNic().addresses()).contains("127.0.0.1");
        assertThat(read.instanceType()).isEqualTo("t4g.large");
        assertThat(read.hostSummary()).contains(System.getProperty("os.name"), "iperf3 3.12");
        assertThat(read.interfaceSummaries()).anyMatch(line -> line.startsWith("lo: "));
    }

    @Test
    void aResultReadsTheSameOnTheServer() {
        ScenarioSpec spec = ScenarioSpec.fromJson(ScenarioSpecTest.valid());
        String output = new String(Samples.bytes("iperf3-312-tcp-4-upload.json"), StandardCharsets.UTF_8);
        List<String> command = new Iperf3Tool("/usr/bin/iperf3", V3_12).clientArguments(spec);
        Measurement measurement = new Measurement(true, null, output, ScenarioResult.JSON, "", command, 0);
        CounterSnapshot before = CounterSnapshot.take(platform, "lo");
        DropSnapshot drops = DropSnapshot.before(platform, "lo");
        HostFacts hostFacts = facts.collectFor(spec.peerHost());
        HostDrops dropped = drops.after();
        ScenarioResult written = ScenarioRunner.result(spec, measurement, hostFacts,
                before.deltaTo(CounterSnapshot.take(platform, "lo")), dropped);

        ScenarioResult read = SERVER.readValue(Json.write(written.toJson()), ScenarioResult.class);

        assertThat(read.key()).isEqualTo(spec.key());
        assertThat(read.nonce()).as("the dispatch's nonce goes back with the result").isEqualTo(spec.nonce())
                .isEqualTo(ScenarioSpecTest.valid().get("nonce"));
        assertThat(read.succeeded()).isTrue();
        assertThat(read.output()).isEqualTo(output);
        assertThat(read.isJsonStream()).isFalse();
        assertThat(read.command()).isEqualTo(command);
        assertThat(read.exitCode()).isZero();
        assertThat(read.hostFacts()).isEqualTo(hostFacts);
        assertThat(read.counters()).containsEntry("interface", "lo");
        assertThat(read.counters().get("delta")).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .containsKey("tx_bytes");
        assertThat(read.hostDrops()).as("the SUT's own drop counts, before and after").isEqualTo(dropped);
        assertThat(read.hostDrops().delta()).containsKeys(HostDrops.UDP_IN_ERRORS, HostDrops.UDP_RCVBUF_ERRORS,
                HostDrops.RX_DROPPED);
    }

    @Test
    void liveSamplesReadTheSameOnTheServerAndCarryTheirAttempt() {
        AttemptKey key = new AttemptKey(7, 31, 2);
        String nonce = DispatchNonce.generate();
        LiveSamples written = LiveSamples.of(key, LiveSamples.FROM_COUNTERS,
                List.of(LiveSamples.Sample.ofSum(0, 1.000213, 9.4e9), LiveSamples.Sample.ofSum(1.000213, 2, 9.1e9)),
                nonce);

        LiveSamples read = SERVER.readValue(Json.write(written.toJson()), LiveSamples.class);

        assertThat(read).isEqualTo(written);
        assertThat(read.nonce()).isEqualTo(nonce);
        assertThat(read.withoutNonce().nonce()).as("browsers never see it").isNull();
        assertThat(read.relayableKey()).isEqualTo(key);
    }

    @Test
    void aLiveMessageWithoutItsAttemptIsNotRelayed() {
        LiveSamples read = SERVER.readValue("{\"jobId\": 7, \"scenarioId\": 31, \"samples\": []}", LiveSamples.class);

        assertThat(read.relayableKey()).isNull();
    }
}
