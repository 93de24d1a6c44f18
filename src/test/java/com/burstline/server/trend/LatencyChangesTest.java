package com.burstline.server.trend;

import com.burstline.contract.Direction;
import com.burstline.contract.Protocol;
import com.burstline.contract.Scenario;
import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Samples;
import com.burstline.server.latency.RunLatency;
import com.burstline.server.run.Limits;
import com.burstline.server.run.RunPoint;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Change points on a series' latency figure, found the one way throughput's are, turned: lower is better, so a rise
 * is the regression. The round trips are real (src/test/resources/latency): the engine's UDP_RR p99 of each measured
 * second on loopback, and the loaded-latency probe's p99 under load; the later level multiplies them by issue 31's
 * driver update (UDP round trips from about 45 µs to 100 µs at the same throughput).
 */
class LatencyChangesTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final double ISSUE_31_RISE = 100.0 / 45;
    private static final Scenario UDP_RR = Scenario.of(Protocol.UDP_RR, Direction.UPLOAD).durationSeconds(10)
            .tool(Scenario.TOOL_ENGINE).build();
    private static final Scenario TCP = Scenario.of(Protocol.TCP, Direction.UPLOAD).durationSeconds(10).build();

    private final Map<Long, RunLatency> latency = new HashMap<>();
    private final Trends trends = new Trends(null, ids -> latency);

    @Test
    void aRequestResponseSeriesWhoseRoundTripsDoubleHasARegressionOnItsTransactionsP99() {
        double[] before = repeated(measuredP99s(), 6);
        List<RunPoint> points = requestResponse(before, DoubleStream.of(before).map(v -> v * ISSUE_31_RISE).toArray());

        TrendResult trend = trends.analyse(points, false);

        assertThat(trend.changePoints()).as("a request/response run has no throughput").isEmpty();
        assertThat(trend.spread()).isNull();
        assertThat(trend.points()).allSatisfy(p -> assertThat(p.receivedBitsPerSecond()).isNull());
        assertThat(trend.latencyFigure()).isEqualTo(new TrendResult.Figure("transactions-p99", "transactions' p99",
                "ms", true, "transactionsP99Ms"));
        assertThat(trend.latencyChangePoints()).hasSize(1);
        TrendResult.FigureChange change = trend.latencyChangePoints().get(0);
        // the tails overlap (the first doubled second, 0.236 ms, lies under the old level's 0.268 ms), so the new
        // level may be placed one run late; that run's description names the driver change before it
        assertThat(change.index()).isBetween(18, 19);
        assertThat(change.worse()).isTrue();
        assertThat(change.changePercent()).isGreaterThan(100);
        assertThat(change.pValue()).isLessThanOrEqualTo(Trends.SIGNIFICANCE);
        assertThat(change.driverAfter()).isEqualTo("ENA 2.3.0");
        assertThat(change.description()).startsWith("UDP_RR 1 flow, 64 B on lab-a → lab-b: transactions' p99 rose ")
                .contains(" (worse) at run " + change.runId() + ", after the driver changed from ENA 2.2.1 to "
                        + "ENA 2.3.0");
    }

    @Test
    void roundTripsThatHalveAreAnImprovementAndASmallRiseIsNotReported() {
        double[] before = repeated(measuredP99s(), 6);

        TrendResult faster = trends.analyse(requestResponse(before,
                DoubleStream.of(before).map(v -> v / 2).toArray()), false);
        TrendResult slightlySlower = trends.analyse(requestResponse(before,
                DoubleStream.of(before).map(v -> v * 1.15).toArray()), false);

        assertThat(faster.latencyChangePoints()).singleElement().satisfies(change -> {
            assertThat(change.worse()).isFalse();
            assertThat(change.index()).isEqualTo(18);
            assertThat(change.description()).contains("transactions' p99 dropped 50.0% from 0.173 ms to 0.0864 ms "
                    + "(better) at run 19");
        });
        assertThat(slightlySlower.latencyChangePoints()).as("15%% is under the latency minimum of %s%%",
                Trends.MIN_LATENCY_CHANGE_PERCENT).isEmpty();
    }

    @Test
    void aDoubledP99UnderLoadAtTheSameThroughputIsALatencyChangeAndNoThroughputChange() {
        double fast = rate("iperf3-312-tcp-1-upload-server-lab.json");
        double ceiling = rate("iperf3-312-tcp-2-upload-ceiling-server-lab.json");
        double retransmitting = rate("iperf3-312-tcp-1-upload-4950m-server-lab.json");
        double[] rates = {fast, ceiling, retransmitting, fast, ceiling, retransmitting, fast, ceiling,
                retransmitting, fast, ceiling, retransmitting, fast};
        double loaded = probeLoadedP99();
        List<RunPoint> points = new ArrayList<>();
        for (int i = 0; i < rates.length; i++) {
            points.add(point(i + 1, TCP, i < 6 ? "ENA 2.2.1" : "ENA 2.3.0", rates[i]));
            // the fourth run is an upload, without the probe: it has no place in the latency series
            if (i != 3) {
                latency.put(i + 1L, withLoadedP99(i + 1L, i < 6 ? loaded : 2 * loaded));
            }
        }

        TrendResult trend = trends.analyse(points, false);

        assertThat(trend.changePoints()).isEmpty();
        assertThat(trend.spread().steady()).isTrue();
        assertThat(trend.latencyFigure().id()).isEqualTo("loaded-p99");
        assertThat(trend.points().get(3).loadedP99Ms()).isNull();
        assertThat(trend.points().get(6).loadedP99Ms()).isEqualTo(2 * loaded);
        assertThat(trend.latencyChangePoints()).singleElement().satisfies(change -> {
            assertThat(change.runId()).isEqualTo(7);
            assertThat(change.index()).as("counted among the runs that have the figure").isEqualTo(5);
            assertThat(change.changePercent()).isCloseTo(100, within(1e-9));
            assertThat(change.description()).isEqualTo("TCP 1 stream upload on lab-a → lab-b: p99 under load rose "
                    + "100.0% from 380 ms to 759 ms (worse) at run 7, after the driver changed from ENA 2.2.1 to "
                    + "ENA 2.3.0");
        });
    }

    /** The p99 of each measured second of the engine's real UDP_RR run (its omitted first second left out). */
    private static double[] measuredP99s() {
        return resource("latency/rr-udp-2-flows-loopback.ndjson").lines().map(JSON::readTree)
                .filter(line -> line.get("event").stringValue().equals("interval"))
                .map(line -> line.get("data").get("sample"))
                .filter(sample -> sample.get("phase").stringValue().equals("measured"))
                .mapToDouble(sample -> sample.get("p99Ms").doubleValue()).toArray();
    }

    private static double probeLoadedP99() {
        JsonNode report = JSON.readTree(resource("latency/probe-report-loopback.json"));
        return report.get("summary").get("loaded").get("p99Ms").doubleValue();
    }

    /**
     * Runs of one level: each second's p99 stands for a run's. They overlap the doubled level (0.268 ms before, 0.235
     * ms after), as real runs' tails do, so a level needs a dozen runs to be told apart.
     */
    private static double[] repeated(double[] values, int times) {
        return IntStream.range(0, times).mapToObj(i -> DoubleStream.of(values)).flatMapToDouble(s -> s).toArray();
    }

    private List<RunPoint> requestResponse(double[] before, double[] after) {
        double[] p99s = DoubleStream.concat(DoubleStream.of(before), DoubleStream.of(after)).toArray();
        List<RunPoint> points = new ArrayList<>();
        for (int i = 0; i < p99s.length; i++) {
            long id = i + 1L;
            points.add(point(id, UDP_RR, i < before.length ? "ENA 2.2.1" : "ENA 2.3.0", null));
            RunLatency.Figures transactions = figures(p99s[i]);
            latency.put(id, new RunLatency(id, "request-response", "result", "UDP_RR", 64, 1, null, null, 200.0, 10.0,
                    null, null, null, transactions, null, null, null, null, 35_000.0, null, null, List.of()));
        }
        return points;
    }

    private static RunLatency withLoadedP99(long id, double p99) {
        return new RunLatency(id, "loaded-latency", "result", "UDP", 64, 1, 50.0, 3.0, 1000.0, 13.0, 4600.0, null,
                figures(p99), null, null, null, null, null, null, null, null, List.of());
    }

    private static RunLatency.Figures figures(double p99) {
        return new RunLatency.Figures(1000, 0, 0.0, null, null, null, p99, null, null, null);
    }

    private static RunPoint point(long id, Scenario scenario, String driver, Double received) {
        return new RunPoint(id, Instant.parse("2026-12-01T00:00:00Z").plusSeconds(3600 * id), null, "lab-a", "lab-b",
                driver, null, scenario, received, new Limits(5e9, 0.512e9));
    }

    private static double rate(String sample) {
        return new Iperf3OutputParser().parse(Samples.bytes(sample)).measured().receivedBitsPerSecond();
    }

    private static String resource(String name) {
        try (InputStream in = LatencyChangesTest.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
