package com.burstline.iperf;

import com.burstline.contract.Protocol;
import com.burstline.contract.Direction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The parser against real iperf3 output (3.0 to 3.22): every summary figure must equal iperf3's own, read here
 * independently from the same file, and every interval row must be kept.
 */
class Iperf3OutputParserTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private final Iperf3OutputParser parser = new Iperf3OutputParser();

    /**
     * Client outputs with one {@code sum_sent} and one {@code sum_received}, which this class reads independently;
     * the other shapes (servers' outputs, UDP before 3.11, a 3.7-3.10 bidir run's repeated sums) are
     * {@link Iperf3ShapesTest}'s.
     */
    static List<String> successfulRuns() {
        return Samples.successfulRuns().stream().filter(name -> !Iperf3ShapesTest.isOtherShape(name)).toList();
    }

    @ParameterizedTest
    @MethodSource("successfulRuns")
    void summaryFiguresAreIperf3sOwn(String sample) {
        Iperf3Result result = parser.parse(Samples.bytes(sample));
        JsonNode expected = asMonolithic(sample);
        JsonNode end = expected.get("end");
        JsonNode testStart = expected.get("start").get("test_start");

        assertThat(result.measured().sentBitsPerSecond()).isEqualTo(end.get("sum_sent").get("bits_per_second").doubleValue());
        assertThat(result.measured().receivedBitsPerSecond())
                .isEqualTo(end.get("sum_received").get("bits_per_second").doubleValue());
        assertThat(result.measured().hostCpuPercent())
                .isEqualTo(end.get("cpu_utilization_percent").get("host_total").doubleValue());
        assertThat(result.measured().remoteCpuPercent())
                .isEqualTo(end.get("cpu_utilization_percent").get("remote_total").doubleValue());
        assertThat(result.scenario().protocol().name()).isEqualTo(testStart.get("protocol").stringValue());
        assertThat(result.scenario().streams()).isEqualTo(testStart.get("num_streams").intValue());
        assertThat(result.scenario().durationSeconds()).isEqualTo(testStart.get("duration").intValue());
        JsonNode timestamp = expected.get("start").get("timestamp");
        assertThat(result.startedAt()).isEqualTo(timestamp.has("timemillisecs")
                ? Instant.ofEpochMilli(timestamp.get("timemillisecs").longValue())
                : Instant.ofEpochSecond(timestamp.get("timesecs").longValue()));
        assertThat(expected.get("start").get("version").stringValue()).isEqualTo("iperf " + result.toolVersion());
        if (result.scenario().protocol() == Protocol.TCP) {
            assertThat(result.measured().retransmits()).isEqualTo(end.get("sum_sent").get("retransmits").longValue());
            assertThat(result.measured().jitterMs()).isNull();
        } else {
            assertThat(result.measured().jitterMs()).isEqualTo(end.get("sum_received").get("jitter_ms").doubleValue());
            assertThat(result.measured().lostPercent()).isEqualTo(end.get("sum_received").get("lost_percent").doubleValue());
            assertThat(result.scenario().targetBitsPerSecond()).isEqualTo(testStart.get("target_bitrate").longValue());
            assertThat(result.measured().retransmits()).isNull();
        }
    }

    @ParameterizedTest
    @MethodSource("successfulRuns")
    void keepsEveryIntervalRowOfEveryStreamAndTheSums(String sample) {
        Iperf3Result result = parser.parse(Samples.bytes(sample));
        JsonNode intervals = asMonolithic(sample).get("intervals");

        List<Double> expectedRates = new ArrayList<>();
        for (JsonNode interval : intervals) {
            interval.get("streams").forEach(stream -> expectedRates.add(stream.get("bits_per_second").doubleValue()));
            expectedRates.add(interval.get("sum").get("bits_per_second").doubleValue());
            if (interval.has("sum_bidir_reverse")) {
                expectedRates.add(interval.get("sum_bidir_reverse").get("bits_per_second").doubleValue());
            }
        }
        // the writer's own rows first; --get-server-output runs add the server's after them
        List<IntervalSample> own = result.intervals().subList(0, Math.min(expectedRates.size(),
                result.intervals().size()));
        assertThat(own).extracting(IntervalSample::bitsPerSecond).containsExactlyElementsOf(expectedRates);
        int sumsPerInterval = result.scenario().direction() == Direction.BIDIR ? 2 : 1;
        assertThat(own).filteredOn(IntervalSample::isSum).extracting(IntervalSample::interval)
                .hasSize(intervals.size() * sumsPerInterval);
    }

    @Test
    void keepsTheServersIntervalsFromGetServerOutputAsTheReceiversRowsOfAnUpload() {
        Iperf3Result result = parser.parse(Samples.bytes("iperf3-312-udp-1g-upload-server-lab.json"));
        JsonNode server = asMonolithic("iperf3-312-udp-1g-upload-server-lab.json").get("server_output_json");

        List<IntervalSample> received = result.intervals().stream()
                .filter(sample -> sample.isSum() && sample.side() == Side.RECEIVER).toList();
        List<Double> serverSums = new ArrayList<>();
        server.get("intervals").forEach(interval -> serverSums.add(interval.get("sum").get("bits_per_second")
                .doubleValue()));
        assertThat(received).extracting(IntervalSample::bitsPerSecond).containsExactlyElementsOf(serverSums);
        assertThat(received).extracting(IntervalSample::lostPackets).doesNotContainNull();
        assertThat(result.intervals()).filteredOn(sample -> sample.isSum() && sample.side() == Side.SENDER)
                .hasSize(5);
    }

    @Test
    void aBidirRunWithServerOutputHasBothSidesOfBothDirections() {
        Iperf3Result result = parser.parse(Samples.bytes("iperf3-312-tcp-1-bidir-server-lab.json"));

        for (Direction direction : List.of(Direction.UPLOAD, Direction.DOWNLOAD)) {
            for (Side side : Side.values()) {
                assertThat(result.intervals()).as(direction + " " + side).filteredOn(sample -> sample.isSum()
                        && sample.direction() == direction && sample.side() == side).hasSizeGreaterThanOrEqualTo(5);
            }
        }
    }

    static List<String> runsWithTheServersJson() {
        return Samples.all().stream().filter(name -> name.endsWith("-server-lab.json")).toList();
    }

    @ParameterizedTest
    @MethodSource("runsWithTheServersJson")
    void theServersJsonReportNamesTheProgramThatServed(String sample) {
        Iperf3Result result = parser.parse(Samples.bytes(sample));
        String serverVersion = asMonolithic(sample).get("server_output_json").get("start").get("version")
                .stringValue();

        assertThat(serverVersion).isEqualTo("iperf 3.12");
        assertThat(result.serverTool()).isEqualTo(new ServerTool("3.12"));
    }

    @Test
    void aServersTextReportIsStockIperf3OfAnUnknownVersion() {
        Iperf3Result result = parser.parse(Samples.bytes("iperf3-312-tcp-1-upload-server-text-loopback.json"));

        assertThat(result.serverTool()).isEqualTo(new ServerTool(null));
    }

    @Test
    void withoutTheServersReportWhoServedIsNotKnown() {
        assertThat(parser.parse(Samples.bytes("iperf3-312-tcp-1-upload.json")).serverTool()).isNull();
        assertThat(parser.parse(Samples.bytes("iperf3-318-tcp-1-upload-stream.json")).serverTool()).isNull();
        assertThat(parser.parsePartial(Samples.bytes("iperf3-312-tcp-1-upload-error-server-killed-loopback.json"))
                .serverTool()).isNull();
    }

    @Test
    void aDownloadsClientRowsAreTheReceiversWithoutServerOutput() {
        Iperf3Result result = parser.parse(Samples.bytes("iperf3-312-tcp-1-download.json"));

        assertThat(result.intervals()).extracting(IntervalSample::side).containsOnly(Side.RECEIVER);
    }

    @Test
    void fourStreamUploadHasFourStreamsAndASumPerInterval() {
        Iperf3Result result = parser.parse(Samples.bytes("iperf3-312-tcp-4-upload.json"));

        assertThat(result.scenario().direction()).isEqualTo(Direction.UPLOAD);
        assertThat(result.scenario().streams()).isEqualTo(4);
        assertThat(result.intervals()).hasSize(5 * (4 + 1));
        assertThat(result.intervals()).filteredOn(sample -> !sample.isSum())
                .extracting(IntervalSample::stream).containsOnly("5", "7", "9", "12"); // the file's sockets
        assertThat(result.intervals().get(0).rttMicros()).isPositive();
        assertThat(result.intervals().get(0).cwndBytes()).isPositive();
    }

    @Test
    void reverseRunIsADownload() {
        Iperf3Result result = parser.parse(Samples.bytes("iperf3-318-tcp-4-download.json"));

        assertThat(result.scenario().direction()).isEqualTo(Direction.DOWNLOAD);
        assertThat(result.intervals()).extracting(IntervalSample::direction).containsOnly(Direction.DOWNLOAD);
    }

    @Test
    void udpRunOf312ReadsTheReceiversLossAndJitter() {
        Iperf3Result result = parser.parse(Samples.bytes("iperf3-312-udp-1g-upload.json"));

        assertThat(result.scenario().protocol()).isEqualTo(Protocol.UDP);
        assertThat(result.scenario().targetBitsPerSecond()).isEqualTo(1_000_000_000L);
        assertThat(result.measured().lostPercent()).isEqualTo(47.5022184820458);
        assertThat(result.measured().jitterMs()).isEqualTo(0.085588506938493);
        assertThat(result.intervals().get(0).packets()).isEqualTo(84983L);
    }

    @Test
    void bidirectionalRunSplitsTheStreamsAndSumsByDirection() {
        Iperf3Result result = parser.parse(Samples.bytes("iperf3-312-tcp-1-bidir-loopback.json"));

        assertThat(result.scenario().direction()).isEqualTo(Direction.BIDIR);
        assertThat(result.measured().reverseSentBitsPerSecond()).isPositive();
        assertThat(result.measured().reverseReceivedBitsPerSecond()).isPositive();
        List<IntervalSample> firstInterval = result.intervals().stream().filter(s -> s.interval() == 0).toList();
        assertThat(firstInterval).extracting(IntervalSample::stream, IntervalSample::direction).containsExactly(
                org.assertj.core.groups.Tuple.tuple("5", Direction.UPLOAD),
                org.assertj.core.groups.Tuple.tuple("7", Direction.DOWNLOAD),
                org.assertj.core.groups.Tuple.tuple("sum", Direction.UPLOAD),
                org.assertj.core.groups.Tuple.tuple("sum", Direction.DOWNLOAD));
    }

    @Test
    void omittedIntervalsAreMarked() {
        Iperf3Result result = parser.parse(Samples.bytes("iperf3-312-tcp-2-upload-omit-loopback.json"));

        assertThat(result.scenario().omitSeconds()).isEqualTo(1);
        assertThat(result.intervals()).anyMatch(IntervalSample::omitted);
        assertThat(result.intervals()).anyMatch(sample -> !sample.omitted());
    }

    @Test
    void jsonStreamIsRecognisedFromItsContent() {
        Iperf3Result result = parser.parse(Samples.bytes("iperf3-318-udp-1g-upload-stream.json"));

        assertThat(result.format()).isEqualTo(Iperf3Result.OutputFormat.JSON_STREAM);
        assertThat(result.toolVersion()).isEqualTo("3.18");
        assertThat(result.scenario().protocol()).isEqualTo(Protocol.UDP);
    }

    @Test
    void iperf3sOwnErrorIsReportedWithItsMessage() {
        assertThatThrownBy(() -> parser.parse(Samples.bytes("iperf3-312-error-refused.json")))
                .isInstanceOf(Iperf3ReportedError.class)
                .hasMessage("unable to connect to server: Connection refused");
    }

    @Test
    void unsignedMinusOneOf312IsAnUnknownCountNotAHugeOne() {
        // iperf3 3.12 prints -1 as 18446744073709551615 (iperf3 issue #1435); the real file is edited only there.
        String real = text("iperf3-312-tcp-1-upload.json");
        String edited = real.replaceFirst("(\"sum_sent\":\\s*\\{[^}]*\"retransmits\":\\s*)\\d+", "$118446744073709551615");
        assertThat(edited).isNotEqualTo(real);

        assertThat(parser.parse(edited.getBytes(StandardCharsets.UTF_8)).measured().retransmits()).isNull();
    }

    @Test
    void wrongTypeNamesTheField() {
        String edited = text("iperf3-312-tcp-1-upload.json")
                .replaceFirst("\"num_streams\":\\s*1", "\"num_streams\": \"one\"");

        assertThatThrownBy(() -> parser.parse(edited.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(Iperf3FormatException.class)
                .hasMessageContaining("start.test_start.num_streams must be a whole number");
    }

    @Test
    void notJsonAndNotIperf3AreFormatErrors() {
        assertThatThrownBy(() -> parser.parse("hello".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(Iperf3FormatException.class).hasMessageContaining("does not start with '{'");
        assertThatThrownBy(() -> parser.parse("{\"start\": ".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(Iperf3FormatException.class).hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> parser.parse("{\"hello\": 1}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(Iperf3FormatException.class).hasMessageContaining("start must be an object");
        assertThatThrownBy(() -> parser.parse(new byte[0]))
                .isInstanceOf(Iperf3FormatException.class).hasMessageContaining("empty");
    }

    @Test
    void truncatedJsonStreamSaysWhichLineIsBroken() {
        String real = text("iperf3-318-tcp-1-upload-stream.json");
        String truncated = real.substring(0, real.lastIndexOf("{\"event\":\"end\"") + 30);

        assertThatThrownBy(() -> parser.parse(truncated.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(Iperf3FormatException.class).hasMessageContaining("line");
    }

    private static String text(String sample) {
        return new String(Samples.bytes(sample), StandardCharsets.UTF_8);
    }

    /** The file as one {@code -J} tree; {@code --json-stream} events are put together the way iperf3 nests them. */
    private static JsonNode asMonolithic(String sample) {
        String text = text(sample);
        if (!sample.endsWith("-stream.json")) {
            return JSON.readTree(text);
        }
        var whole = JSON.createObjectNode();
        var intervals = whole.putArray("intervals");
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode event = JSON.readTree(line);
            switch (event.get("event").stringValue()) {
                case "interval" -> intervals.add(event.get("data"));
                default -> whole.set(event.get("event").stringValue(), event.get("data"));
            }
        }
        return whole;
    }
}
