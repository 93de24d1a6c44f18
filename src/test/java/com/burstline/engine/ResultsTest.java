package com.burstline.engine;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The results exchange's figures: running totals out, each peer's baselines in, as iperf3 3.12 and 3.18 use them. The
 * messages here are built by hand for the figures' arithmetic; EngineInteropIT exchanges them with real iperf3.
 */
class ResultsTest {
    private static final List<DataStream> ONE_STREAM = List.of(new DataStream(1, true, null, null, null));

    /** A UDP sender's figures after a 1 s omit period: 3,000 datagrams in all, 1,000 of them in the omit period. */
    private static final Results.StreamResult SENT = new Results.StreamResult(1, 2_800_000, 3000, 0, 0, 0, 1000, 0,
            2.0);

    private static Map<String, Object> receiverResults(boolean withOmitted) {
        Map<String, Object> stream = new java.util.LinkedHashMap<>(Map.of("id", 1, "bytes", 2_794_400,
                "retransmits", -1, "jitter", 0.0001, "errors", 12, "packets", 2996));
        if (withOmitted) {
            stream.put("omitted_errors", 10);
            stream.put("omitted_packets", 998);
        }
        return Map.of("cpu_util_total", 1.5, "cpu_util_user", 1.0, "cpu_util_system", 0.5,
                "sender_has_retransmits", -1, "streams", List.of(stream));
    }

    @Test
    void packetsAndErrorsGoOutAsRunningTotalsWithTheOmittedCountsBeside() {
        Map<?, ?> sent = (Map<?, ?>) ((List<?>) Results.toJson(ONE_STREAM, List.of(SENT),
                new Cpu.Usage(1, 1, 0)).get("streams")).get(0);
        // iperf3 subtracts omitted_packets itself: sending 2,000 here had it count 1,000
        assertThat(sent.get("packets")).isEqualTo(3000L);
        assertThat(sent.get("omitted_packets")).isEqualTo(1000L);
        assertThat(SENT.countedPackets()).isEqualTo(2000);
    }

    @Test
    void aPeerWithBaselinesOfItsOwnIsNettedWithThem() {
        Results.Peer peer = Results.fromJson(receiverResults(true), ONE_STREAM);
        Results.StreamResult received = peer.of(SENT);
        assertThat(received.countedPackets()).isEqualTo(2996 - 998);
        assertThat(received.countedErrors()).isEqualTo(2);
    }

    @Test
    void aPeerBefore314IsNettedWithThisSidesBaselinesAsIperf3312Does() {
        Results.Peer peer = Results.fromJson(receiverResults(false), ONE_STREAM);
        Results.StreamResult received = peer.of(SENT);
        assertThat(received.countedPackets()).isEqualTo(2996 - 1000);
        assertThat(received.countedErrors()).isEqualTo(12);
    }

    @Test
    void aStreamMissingFromThePeersResultsIsAnErrorNotThisSidesOwnFigures() {
        Results.Peer peer = Results.fromJson(Map.of("cpu_util_total", 1, "cpu_util_user", 1, "cpu_util_system", 0,
                "streams", List.of()), ONE_STREAM);
        assertThatThrownBy(() -> peer.of(SENT)).hasMessageContaining("no figures for stream 1");
    }

    @Test
    void onlyOneOfTheOmittedCountsIsRefusedAsIperf3314RefusesIt() {
        Map<String, Object> stream = Map.of("id", 1, "bytes", 1, "retransmits", -1, "jitter", 0, "errors", 0,
                "packets", 1, "omitted_packets", 0);
        assertThatThrownBy(() -> Results.fromJson(Map.of("cpu_util_total", 1, "cpu_util_user", 1,
                "cpu_util_system", 0, "streams", List.of(stream)), ONE_STREAM))
                .hasMessageContaining("only one of omitted_packets and omitted_errors");
    }

    @Test
    void aServersOwnReportComesAlongWhenItWasAskedFor() {
        Map<String, Object> results = new java.util.LinkedHashMap<>(receiverResults(true));
        results.put("server_output_json", Map.of("start", Map.of(), "intervals", List.of(), "end", Map.of()));
        assertThat(Results.fromJson(results, ONE_STREAM).serverOutput()).containsOnlyKeys("server_output_json");
        assertThat(Results.fromJson(receiverResults(true), ONE_STREAM).serverOutput()).isEmpty();
    }
}
