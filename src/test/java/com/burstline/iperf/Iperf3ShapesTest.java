package com.burstline.iperf;

import com.burstline.contract.Protocol;
import com.burstline.contract.Direction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import java.nio.charset.StandardCharsets;
import java.util.List;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

/**
 * The iperf3 JSON shapes other than a client's {@code sum_sent} and {@code sum_received} (docs/iperf3-shapes.md),
 * each on real output: UDP before 3.11, a 3.7-3.10 bidir run's repeated sums, a server's own output, and an output
 * in which iperf3 measured nothing.
 */
class Iperf3ShapesTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final Iperf3OutputParser parser = new Iperf3OutputParser();

    /** The samples this class reads, not {@link Iperf3OutputParserTest}'s shape. */
    static boolean isOtherShape(String name) {
        return name.contains("-server-side-") || name.startsWith("iperf3-39-udp")
                || name.startsWith("iperf3-313-udp") || name.startsWith("iperf3-39-tcp-1-bidir");
    }

    @ParameterizedTest
    @ValueSource(strings = {"iperf3-39-udp-100m-upload-loopback.json", "iperf3-39-udp-100m-download-loopback.json",
            "iperf3-39-udp-2x50m-upload-loopback.json", "iperf3-313-udp-1000m-upload-selfhealing.json"})
    void udpBefore311KeepsTheSendersRateAndTheReceiversLossWithoutAReceivedRate(String sample) {
        Iperf3Result result = parser.checkAndParse(Samples.bytes(sample), false);
        JsonNode end = tree(sample).get("end");

        assertThat(end.has("sum_sent")).as("the shape before 3.11 has only end.sum").isFalse();
        assertThat(result.side()).isEqualTo(OutputSide.CLIENT);
        assertThat(result.measured().sentBitsPerSecond()).isEqualTo(end.get("sum").get("bits_per_second").doubleValue());
        assertThat(result.measured().receivedBitsPerSecond()).as("the output holds no received rate").isNull();
        assertThat(result.measured().jitterMs()).isEqualTo(end.get("sum").get("jitter_ms").doubleValue());
        assertThat(result.measured().lostPercent()).isEqualTo(end.get("sum").get("lost_percent").doubleValue());
        assertThat(result.measured().retransmits()).isNull();
    }

    @Test
    void a39BidirRunReadsBothDirectionsFromTheRepeatedSumsInIperf3sOrder() {
        Iperf3Result result = parser.checkAndParse(Samples.bytes("iperf3-39-tcp-1-bidir-loopback.json"), false);

        assertThat(result.scenario().direction()).isEqualTo(Direction.BIDIR);
        // end.sum_sent and end.sum_received, first (client to server) then second, as the file prints them
        assertThat(result.measured().sentBitsPerSecond()).isEqualTo(100134351.7526435);
        assertThat(result.measured().receivedBitsPerSecond()).isEqualTo(98206211.5504751);
        assertThat(result.measured().retransmits()).isZero();
        assertThat(result.measured().reverseSentBitsPerSecond()).isEqualTo(102231406.23960985);
        assertThat(result.measured().reverseReceivedBitsPerSecond()).isEqualTo(100262886.1379196);
        assertThat(result.intervals()).filteredOn(row -> row.isSum() && row.interval() == 0)
                .extracting(IntervalSample::direction, IntervalSample::side, IntervalSample::bytes)
                .containsExactly(tuple(Direction.UPLOAD, Side.SENDER, 12582912L),
                        tuple(Direction.DOWNLOAD, Side.RECEIVER, 13107200L));
        assertThat(parser.parse(Samples.bytes("iperf3-39-tcp-1-bidir-loopback.json"))).isEqualTo(result);
    }

    @Test
    void a39UdpBidirRunKeepsEachDirectionsSendersRateAndTheForwardLoss() {
        Iperf3Result result = parser.checkAndParse(Samples.bytes("iperf3-39-udp-100m-bidir-loopback.json"), false);

        assertThat(result.scenario().direction()).isEqualTo(Direction.BIDIR);
        assertThat(result.measured().sentBitsPerSecond()).isEqualTo(100003235.84791516);
        assertThat(result.measured().jitterMs()).isEqualTo(0.00484356740869083);
        assertThat(result.measured().lostPercent()).isZero();
        assertThat(result.measured().reverseSentBitsPerSecond()).isEqualTo(102100289.28640355);
        assertThat(result.measured().receivedBitsPerSecond()).isNull();
        assertThat(result.measured().reverseReceivedBitsPerSecond()).isNull();
    }

    @Test
    void aRepeatedKeyAnywhereElseOrAThirdTimeStaysRefused() {
        String bidir = text("iperf3-39-tcp-1-bidir-loopback.json");
        String third = bidir.replaceFirst("\"cpu_utilization_percent\":",
                "\"sum_sent\": {\"bytes\": 0}, \"cpu_utilization_percent\":");
        String inAStream = bidir.replaceFirst("\"omitted\":", "\"sum\": 1, \"sum\": 2, \"omitted\":");

        assertThatThrownBy(() -> parser.checkAndParse(third.getBytes(StandardCharsets.UTF_8), false))
                .isInstanceOf(ImplausibleValueException.class)
                .hasMessageStartingWith("end repeats the key \"sum_sent\"");
        assertThatThrownBy(() -> parser.checkAndParse(inAStream.getBytes(StandardCharsets.UTF_8), false))
                .isInstanceOf(ImplausibleValueException.class)
                .hasMessageStartingWith("intervals[0].streams[0] repeats the key \"sum\"");
    }

    static List<String> serverOutputs() {
        return Samples.successfulRuns().stream().filter(name -> name.contains("-server-side-")).toList();
    }

    @ParameterizedTest
    @MethodSource("serverOutputs")
    void aServersOutputKeepsOnlyWhatTheServerSawAndLeavesTheRestUnknown(String sample) {
        Iperf3Result result = parser.checkAndParse(Samples.bytes(sample), false);

        assertThat(result.side()).isEqualTo(OutputSide.SERVER);
        assertThat(result.measured().remoteCpuPercent()).as("the server never learns the client's CPU").isNull();
        assertThat(result.measured().hostCpuPercent()).isNotNull();
        switch (result.scenario().direction()) {
            case UPLOAD -> assertThat(result.measured().sentBitsPerSecond()).isNull();
            case DOWNLOAD -> {
                assertThat(result.measured().sentBitsPerSecond()).isPositive();
                assertThat(result.measured().receivedBitsPerSecond()).isNull();
                assertThat(result.measured().lostPercent()).isNull();
                assertThat(result.measured().jitterMs()).isNull();
            }
            case BIDIR -> {
                assertThat(result.measured().sentBitsPerSecond()).isNull();
                assertThat(result.measured().reverseSentBitsPerSecond()).isPositive();
                assertThat(result.measured().reverseReceivedBitsPerSecond()).isNull();
            }
        }
        if (result.scenario().direction() != Direction.DOWNLOAD && result.scenario().protocol() == Protocol.TCP) {
            assertThat(result.measured().receivedBitsPerSecond()).isPositive();
            assertThat(result.measured().retransmits()).isNull();
        }
    }

    static List<String> serverOutputsOfOneDirection() {
        return serverOutputs().stream().filter(name -> !name.contains("-bidir-")).toList();
    }

    /** The client of the same run was told the server's figures at the end, so both outputs hold the same ones. */
    @ParameterizedTest
    @MethodSource("serverOutputsOfOneDirection")
    void whatAServerSawIsWhatItsClientWasTold(String sample) {
        Iperf3Result server = parser.checkAndParse(Samples.bytes(sample), false);
        Iperf3Result client = parser.checkAndParse(Samples.bytes(sample.replace("-server-side", "")), false);

        List<Object> known = List.of(server.measured().sentBitsPerSecond() != null, server.measured().receivedBitsPerSecond() != null,
                server.measured().jitterMs() != null);
        assertThat(known).contains(true);
        if (server.measured().sentBitsPerSecond() != null) {
            assertThat(server.measured().sentBitsPerSecond()).isEqualTo(client.measured().sentBitsPerSecond());
            assertThat(server.measured().retransmits()).isEqualTo(client.measured().retransmits());
        }
        if (server.measured().receivedBitsPerSecond() != null) {
            assertThat(server.measured().receivedBitsPerSecond()).isEqualTo(client.measured().receivedBitsPerSecond());
        }
        if (server.measured().jitterMs() != null) {
            assertThat(server.measured().jitterMs()).isEqualTo(client.measured().jitterMs());
        }
    }

    @Test
    void aClientStoppedBeforeItsTestMeasuredNothing() {
        String interrupted = text("iperf3-39-tcp-interrupted-before-test-error-loopback.json");
        // the shape of the outputs: this real one without the error iperf3 added on SIGINT
        String silent = interrupted.replaceFirst(",\\s*\"error\":\\s*\"[^\"]*\"", "");
        assertThat(silent).isNotEqualTo(interrupted);

        assertThatThrownBy(() -> parser.checkAndParse(silent.getBytes(StandardCharsets.UTF_8), false))
                .isInstanceOf(Iperf3MeasuredNothing.class)
                .hasMessageContaining("iperf3 3.9 output has no test_start and no interval");
        assertThatThrownBy(() -> parser.checkAndParse(interrupted.getBytes(StandardCharsets.UTF_8), false))
                .isInstanceOf(Iperf3ReportedError.class).hasMessage("interrupt - the client has terminated");
    }

    private static String text(String sample) {
        return new String(Samples.bytes(sample), StandardCharsets.UTF_8);
    }

    private static JsonNode tree(String sample) {
        return JSON.readTree(text(sample));
    }
}
