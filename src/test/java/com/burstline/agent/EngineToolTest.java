package com.burstline.agent;

import com.burstline.contract.Direction;
import com.burstline.testsupport.TestPorts;

import com.burstline.contract.Protocol;

import com.burstline.contract.Scenario;
import com.burstline.contract.AttemptKey;
import com.burstline.contract.Json;
import com.burstline.contract.LiveSamples;
import com.burstline.contract.DispatchNonce;
import com.burstline.contract.ScenarioResult;
import com.burstline.contract.ScenarioSpec;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine as the agent runs it, client and server role each in a child JVM on loopback: its own intervals reach
 * the live listener while it measures, once per interval, from its {@code --json-stream} output, and a bidir
 * scenario's two directions come apart, as iperf3's do.
 */
class EngineToolTest {
    private record Interval(double start, double end, double bitsPerSecond, String direction) {
    }

    private static ScenarioSpec spec(String direction, int port) {
        return new ScenarioSpec(new AttemptKey(7, 31, 1), "127.0.0.1", port,
                Scenario.of(Protocol.TCP, Direction.fromApiName(direction)).durationSeconds(2).tool("java")
                        .build(), DispatchNonce.generate());
    }

    private static List<Interval> measure(String direction) throws Exception {
        int port = TestPorts.free();
        ServerRoleHandle server = new EngineServerRole("127.0.0.1").start(port, Duration.ofSeconds(30), () -> { });
        List<Interval> live = new CopyOnWriteArrayList<>();
        try {
            Measurement measurement = new EngineTool().run(spec(direction, port), (start, end, bps, dir) ->
                    live.add(new Interval(start, end, bps, dir)), new Cancellation());

            assertThat(measurement.succeeded()).as(measurement.error()).isTrue();
            assertThat(measurement.outputFormat()).isEqualTo(ScenarioResult.JSON_STREAM);
            assertThat(measurement.output().lines().filter(line -> line.startsWith("{\"event\":\"interval\""))
                    .map(line -> Json.parseObject(line.getBytes()))).hasSize(2);
            assertThat(measurement.output().lines().filter(line -> line.startsWith("{\"event\":\"end\""))).hasSize(1);
        } finally {
            server.stop().run();
        }
        return live;
    }

    @Test
    void aBidirScenarioGivesTheUploadAndTheDownloadOfEachIntervalFromTheEngineItself() throws Exception {
        List<Interval> live = measure("bidir");

        assertThat(live).extracting(Interval::direction).containsExactly("upload", "download", "upload", "download");
        assertThat(live).extracting(Interval::end).containsExactly(live.get(0).end(), live.get(0).end(),
                live.get(2).end(), live.get(2).end());
        assertThat(live.get(0).end()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.2));
        assertThat(live).allSatisfy(interval -> assertThat(interval.bitsPerSecond()).isPositive());
    }

    @Test
    void anUploadGivesOneSampleAnIntervalWithoutDirection() throws Exception {
        List<Interval> live = measure("upload");

        assertThat(live).hasSize(2).allSatisfy(interval -> assertThat(interval.direction()).isNull());
    }

    @Test
    void theEngineNamesItselfAsTheLiveSource() {
        assertThat(new EngineTool().liveSource()).isEqualTo(LiveSamples.FROM_ENGINE).isEqualTo("burstline-java");
    }
}
