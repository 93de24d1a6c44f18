package com.burstline.iperf;

import com.burstline.contract.Direction;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import java.util.List;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * iperf3 3.12's real output when its server was killed (SIGKILL) 3.5 s into an 8 s test: an {@code error}, the
 * intervals measured until then (the last one printed twice) and an empty {@code end}. Figures are checked against
 * the same file read here on its own.
 */
class PartialOutputTest {
    private static final String UPLOAD = "iperf3-312-tcp-1-upload-error-server-killed-loopback.json";
    private static final String DOWNLOAD = "iperf3-312-tcp-1-download-error-server-killed-loopback.json";
    private final Iperf3OutputParser parser = new Iperf3OutputParser();

    @Test
    void aCompleteReadStillRefusesTheOutputWithIperf3sError() {
        assertThatThrownBy(() -> parser.parse(Samples.bytes(UPLOAD))).isInstanceOf(Iperf3ReportedError.class)
                .hasMessage("control socket has closed unexpectedly");
    }

    @Test
    void aPartialReadKeepsEveryIntervalMeasuredOnceAndRatesThem() {
        Iperf3Result result = parser.parsePartial(Samples.bytes(UPLOAD));
        List<JsonNode> distinct = distinctSums(UPLOAD);

        assertThat(distinct).hasSize(3);
        assertThat(result.intervals().stream().filter(IntervalSample::isSum).map(IntervalSample::start))
                .containsExactlyElementsOf(distinct.stream().map(sum -> sum.get("start").doubleValue()).toList());
        assertThat(result.scenario().direction()).isEqualTo(Direction.UPLOAD);
        assertThat(result.scenario().durationSeconds()).isEqualTo(8);
        assertThat(result.measured().sentBitsPerSecond()).isCloseTo(rate(distinct), org.assertj.core.data.Offset.offset(1e-3));
        assertThat(result.measured().receivedBitsPerSecond()).isEqualTo(result.measured().sentBitsPerSecond());
        assertThat(result.measured().hostCpuPercent()).isNull();
    }

    @Test
    void aDownloadsPartialRowsAreTheClientsReceivedOnes() {
        Iperf3Result result = parser.parsePartial(Samples.bytes(DOWNLOAD));

        assertThat(result.scenario().direction()).isEqualTo(Direction.DOWNLOAD);
        assertThat(result.intervals()).allMatch(row -> row.side() == Side.RECEIVER);
        assertThat(result.measured().receivedBitsPerSecond()).isCloseTo(rate(distinctSums(DOWNLOAD)),
                org.assertj.core.data.Offset.offset(1e-3));
    }

    @Test
    void anErrorBeforeAnyIntervalLeavesNothingToKeep() {
        assertThatThrownBy(() -> parser.parsePartial(Samples.bytes("iperf3-312-error-refused.json")))
                .isInstanceOf(Iperf3FormatException.class).hasMessageContaining("measured no interval");
    }

    private static List<JsonNode> distinctSums(String sample) {
        JsonNode intervals = JsonMapper.builder().build().readTree(Samples.bytes(sample)).get("intervals");
        List<JsonNode> sums = new java.util.ArrayList<>();
        intervals.forEach(interval -> {
            if (sums.stream().noneMatch(sum -> sum.equals(interval.get("sum")))) {
                sums.add(interval.get("sum"));
            }
        });
        return sums;
    }

    private static double rate(List<JsonNode> sums) {
        double bytes = sums.stream().mapToDouble(sum -> sum.get("bytes").doubleValue()).sum();
        double seconds = sums.stream().mapToDouble(sum -> sum.get("end").doubleValue() - sum.get("start")
                .doubleValue()).sum();
        return bytes * 8 / seconds;
    }
}
