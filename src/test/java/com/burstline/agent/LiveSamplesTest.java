package com.burstline.agent;

import com.burstline.contract.Direction;
import com.burstline.contract.LiveSamples;
import com.burstline.iperf.Samples;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Live samples of a --bidir scenario come per direction, from iperf3's own stream and from the interface counters, so
 * that the job page draws the two directions apart instead of their total.
 */
class LiveSamplesTest {
    private record Interval(double start, double end, double bitsPerSecond, String direction) {
    }

    @Test
    void aBidirStreamGivesTheUploadAndTheReverseDownloadOfEachInterval() {
        // Real: iperf3 3.18 -c 127.0.0.1 --bidir -t 2 -i 1 --json-stream against a 3.12 server on loopback.
        String[] lines = new String(Samples.bytes("iperf3-318-tcp-1-bidir-stream-loopback.ndjson"),
                StandardCharsets.UTF_8).split("\n");
        List<Interval> live = new ArrayList<>();

        for (String line : lines) {
            ClientProcess.forwardInterval(line, (start, end, bps, direction) -> live.add(
                    new Interval(start, end, bps, direction)));
        }

        assertThat(live).extracting(Interval::direction).containsExactly("upload", "download", "upload", "download");
        assertThat(live.get(0).bitsPerSecond()).isEqualTo(11196065290.38529);
        assertThat(live.get(1).bitsPerSecond()).isEqualTo(8039059595.190635);
        assertThat(live.get(1).end()).isEqualTo(live.get(0).end());
    }

    @Test
    void aOneWayStreamGivesOneSampleWithoutDirection() {
        String line = new String(Samples.bytes("iperf3-318-tcp-1-upload-stream.json"), StandardCharsets.UTF_8)
                .lines().filter(l -> l.startsWith("{\"event\":\"interval\"")).findFirst().orElseThrow();
        List<Interval> live = new ArrayList<>();

        ClientProcess.forwardInterval(line, (start, end, bps, direction) -> live.add(new Interval(start, end, bps,
                direction)));

        assertThat(live).singleElement().satisfies(interval -> assertThat(interval.direction()).isNull());
    }

    @Test
    void bidirCountersGiveSentBytesAsUploadAndReceivedAsDownload() {
        Counters counters = new Counters();
        List<LiveSamples.Sample> samples = new ArrayList<>();
        LiveSampler sampler = new LiveSampler(counters, "veth0", Direction.BIDIR, samples::add);

        counters.add(500_000_000L, 125_000_000L);
        sampler.sample();

        assertThat(samples).extracting(LiveSamples.Sample::direction).containsExactly("upload", "download");
        double seconds = samples.get(0).end() - samples.get(0).start();
        assertThat(samples.get(0).bitsPerSecond() * seconds).isCloseTo(4e9, org.assertj.core.data.Offset.offset(1.0));
        assertThat(samples.get(1).bitsPerSecond() * seconds).isCloseTo(1e9, org.assertj.core.data.Offset.offset(1.0));
    }

    @Test
    void anUploadCountsOnlySentBytesAndNamesNoDirection() {
        Counters counters = new Counters();
        List<LiveSamples.Sample> samples = new ArrayList<>();
        LiveSampler sampler = new LiveSampler(counters, "veth0", Direction.UPLOAD, samples::add);

        counters.add(500_000_000L, 125_000_000L);
        sampler.sample();

        assertThat(samples).singleElement().satisfies(sample -> {
            assertThat(sample.direction()).isNull();
            assertThat(sample.bitsPerSecond() * (sample.end() - sample.start()))
                    .isCloseTo(4e9, org.assertj.core.data.Offset.offset(1.0));
        });
    }

    /** The interface's byte counters, moved by the test as a NIC would move them. */
    private static final class Counters extends StubHost {
        private final Map<String, Long> traffic = new HashMap<>(Map.of("tx_bytes", 1_000L, "rx_bytes", 2_000L));

        void add(long sent, long received) {
            traffic.merge("tx_bytes", sent, Long::sum);
            traffic.merge("rx_bytes", received, Long::sum);
        }

        @Override
        public String routeInterface(String peerHost) {
            return "veth0";
        }

        @Override
        public Map<String, Long> trafficCounters(String interfaceName) {
            return Map.copyOf(traffic);
        }
    }
}
