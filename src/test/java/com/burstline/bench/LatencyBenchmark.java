package com.burstline.bench;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Latency benchmarks, two parts (scripts/bench-latency.sh):
 * <ul>
 *   <li>{@code rr}: the engine's UDP_RR beside {@code sockperf ping-pong} (Debian's sockperf 3.7, {@code --full-rtt},
 *   64-byte messages, one flow), both with their own server, on loopback and across an unshaped veth between two
 *   namespaces of this benchmark ({@code blla-ra}, {@code blla-rb}, 10.115.60.0/24), interleaved round by round:
 *   p50 and p99 of the round trip and transactions a second, and the engine ÷ sockperf ratios.</li>
 *   <li>{@code probe}: what the loaded-latency probe does to the throughput figure: iperf3 3.12, TCP 1 and 4 streams
 *   across the same pair shaped to 5 Gbit/s ({@code tbf rate 5gbit burst 1mb latency 50ms}, MTU 9000), with and
 *   without the agents' own probe (its answering side in the server's namespace, its sending side in the client's,
 *   50 requests a second for an idle second before iperf3 and throughout), in alternating order: the received rate
 *   with ÷ without.</li>
 * </ul>
 * Prints figures and never fails on them. Needs root for the veth.
 */
public final class LatencyBenchmark {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final String A = "blla-ra";
    private static final String B = "blla-rb";
    private static final int PORT = 18650;
    private static final int PROBE_PORT = 18660;
    private static final Pattern PERCENTILE = Pattern.compile("percentile (\\d+\\.\\d+) =\\s*([0-9.]+)");
    private static final Pattern VALID = Pattern.compile(
            "\\[Valid Duration] RunTime=([0-9.]+) sec; SentMessages=\\d+; ReceivedMessages=(\\d+)");

    private LatencyBenchmark() {
    }

    /** Round trip figures of one run, microseconds. */
    record RoundTrips(double p50, double p99, double perSecond) {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<String> parts = List.of((args.length > 2 ? args[2] : "rr,probe").split(","));
        System.out.printf(Locale.ROOT, "latency benchmark: %d rounds of %d s, parts %s, load average %.2f%n", rounds,
                seconds, parts, BenchSupport.loadAverage());
        try {
            if (parts.contains("rr")) {
                requestResponse(BenchPath.loopback(), rounds, seconds);
                requestResponse(BenchPath.pair(A, B, "blla-rt", "10.115.60.", null), rounds, seconds);
            }
            if (parts.contains("probe")) {
                probe(BenchPath.pair(A, B, "blla-rt", "10.115.60.", "5gbit"), rounds, seconds);
            }
        } finally {
            BenchPath.down(A, B);
        }
        System.out.printf(Locale.ROOT, "load average at the end %.2f%n", BenchSupport.loadAverage());
    }

    private static void requestResponse(BenchPath path, int rounds, int seconds) throws Exception {
        List<RoundTrips> engine = new ArrayList<>();
        List<RoundTrips> sockperf = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            boolean engineFirst = round % 2 == 0;
            for (int turn = 0; turn < 2; turn++) {
                if (engineFirst == (turn == 0)) {
                    engine.add(engine(path, seconds));
                } else {
                    sockperf.add(sockperf(path, seconds));
                }
            }
            System.out.printf(Locale.ROOT, "  round %d: engine p50 %.1f p99 %.1f µs %.0f/s; sockperf p50 %.1f p99 %.1f"
                    + " µs %.0f/s%n", round + 1, last(engine).p50(), last(engine).p99(), last(engine).perSecond(),
                    last(sockperf).p50(), last(sockperf).p99(), last(sockperf).perSecond());
        }
        System.out.printf(Locale.ROOT, "%nUDP_RR 64 B, 1 flow, %s, %d rounds of %d s (load %.2f)%n", path.name(),
                rounds, seconds, BenchSupport.loadAverage());
        System.out.printf(Locale.ROOT, "  %-9s %10s %10s %12s%n", "", "p50 µs", "p99 µs", "per second");
        print("engine", engine);
        print("sockperf", sockperf);
        System.out.printf(Locale.ROOT, "  engine ÷ sockperf: p50 %s, p99 %s, transactions a second %s%n",
                PairedRatio.of(engine, sockperf, RoundTrips::p50), PairedRatio.of(engine, sockperf, RoundTrips::p99),
                PairedRatio.of(engine, sockperf, RoundTrips::perSecond));
    }

    private static void print(String name, List<RoundTrips> runs) {
        System.out.printf(Locale.ROOT, "  %-9s %10.1f %10.1f %12.0f%n", name,
                Stats.median(runs.stream().map(RoundTrips::p50).toList()),
                Stats.median(runs.stream().map(RoundTrips::p99).toList()),
                Stats.median(runs.stream().map(RoundTrips::perSecond).toList()));
    }

    private static RoundTrips last(List<RoundTrips> runs) {
        return runs.get(runs.size() - 1);
    }

    /** {@code rr -c} with one omitted second (the JIT's), against {@code rr -s -1}. */
    private static RoundTrips engine(BenchPath path, int seconds) throws Exception {
        Process server = new ProcessBuilder(path.server(java("com.burstline.agent.AgentMain", "rr", "-s", "-p",
                String.valueOf(PORT), "-B", path.serverAddress(), "-1"))).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            new java.io.BufferedReader(new java.io.InputStreamReader(server.getErrorStream())).readLine(); // listening
            String output = run(path.client(java("com.burstline.agent.AgentMain", "rr", "-c", path.serverAddress(),
                    "-p", String.valueOf(PORT), "-l", "64", "-t", String.valueOf(seconds), "-O", "1")), seconds + 30);
            String end = output.lines().filter(line -> line.startsWith("{\"event\":\"end\"")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("the engine printed no end: " + output));
            JsonNode summary = MAPPER.readTree(end).path("data").path("summary");
            JsonNode transactions = summary.path("transactions");
            return new RoundTrips(transactions.path("p50Ms").asDouble() * 1000,
                    transactions.path("p99Ms").asDouble() * 1000, summary.path("transactionsPerSecond").asDouble());
        } finally {
            server.destroyForcibly().waitFor();
        }
    }

    /** {@code sockperf ping-pong --full-rtt} against {@code sockperf server}: its valid duration's figures. */
    private static RoundTrips sockperf(BenchPath path, int seconds) throws Exception {
        Process server = start(path.server(List.of("sockperf", "server", "-i", path.serverAddress(), "-p",
                String.valueOf(PORT + 1))));
        try {
            TimeUnit.MILLISECONDS.sleep(500);
            String output = run(path.client(List.of("sockperf", "ping-pong", "-i", path.serverAddress(), "-p",
                    String.valueOf(PORT + 1), "-t", String.valueOf(seconds), "-m", "64", "--full-rtt")), seconds + 30)
                    .replaceAll("\u001B\\[[0-9;]*m", "");
            Map<String, Double> percentiles = new java.util.HashMap<>();
            Matcher matcher = PERCENTILE.matcher(output);
            while (matcher.find()) {
                percentiles.put(matcher.group(1), Double.parseDouble(matcher.group(2)));
            }
            Matcher valid = VALID.matcher(output);
            if (!valid.find() || !percentiles.containsKey("50.000")) {
                throw new IllegalStateException("sockperf printed no figures: " + output);
            }
            return new RoundTrips(percentiles.get("50.000"), percentiles.get("99.000"),
                    Double.parseDouble(valid.group(2)) / Double.parseDouble(valid.group(1)));
        } finally {
            server.destroyForcibly().waitFor();
        }
    }

    /** iperf3's received rate with and without the probe beside it, alternating which goes first. */
    private static void probe(BenchPath path, int rounds, int seconds) throws Exception {
        System.out.printf(Locale.ROOT, "%nThe loaded-latency probe beside iperf3 3.12, %s, -t %d -O 1%n", path.name(),
                seconds);
        for (int streams : List.of(1, 4)) {
            List<Double> with = new ArrayList<>();
            List<Double> without = new ArrayList<>();
            List<String> loaded = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                boolean probeFirst = round % 2 == 0;
                for (int turn = 0; turn < 2; turn++) {
                    if (probeFirst == (turn == 0)) {
                        double[] figures = iperf3(path, streams, seconds, true);
                        with.add(figures[0]);
                        loaded.add(String.format(Locale.ROOT, "%.2f", figures[1]));
                    } else {
                        without.add(iperf3(path, streams, seconds, false)[0]);
                    }
                }
            }
            PairedRatio ratio = PairedRatio.of(with, without, Double::doubleValue);
            System.out.printf(Locale.ROOT, "  TCP %d stream%s: received with the probe %.3f Gbit/s, without %.3f "
                            + "(medians); with ÷ without %.4fx [%.4f-%.4f]; the probe's loaded p50 per round (ms) %s%n",
                    streams, streams == 1 ? "" : "s", Stats.median(with) / 1e9, Stats.median(without) / 1e9,
                    ratio.ratio(), ratio.low(), ratio.high(), loaded);
        }
    }

    /** @return the received rate, and the probe's loaded p50 in ms (NaN without it) */
    private static double[] iperf3(BenchPath path, int streams, int seconds, boolean probe) throws Exception {
        Process server = start(path.server(List.of("iperf3", "-s", "-1", "-p", String.valueOf(PORT + 2))));
        Process answers = probe ? start(path.server(java("com.burstline.agent.LatencyProbeMain", "answer",
                path.serverAddress(), String.valueOf(PROBE_PORT), "7", String.valueOf(seconds + 30)))) : null;
        try {
            Process sender = null;
            TimeUnit.MILLISECONDS.sleep(500);
            if (probe) {
                sender = new ProcessBuilder(path.client(java("com.burstline.agent.LatencyProbeMain", "send",
                        path.serverAddress(), String.valueOf(PROBE_PORT), "7", "1", String.valueOf(seconds + 2))))
                        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
                TimeUnit.MILLISECONDS.sleep(1000);
            }
            String output = run(path.client(List.of("iperf3", "-c", path.serverAddress(), "-p",
                    String.valueOf(PORT + 2), "-P", String.valueOf(streams), "-t", String.valueOf(seconds), "-O", "1",
                    "-J")), seconds + 30);
            double received = MAPPER.readTree(output).path("end").path("sum_received").path("bits_per_second")
                    .asDouble();
            double loadedP50 = Double.NaN;
            if (sender != null) {
                String report = new String(sender.getInputStream().readAllBytes());
                sender.waitFor(30, TimeUnit.SECONDS);
                loadedP50 = MAPPER.readTree(report).path("summary").path("loaded").path("p50Ms").asDouble();
            }
            return new double[] {received, loadedP50};
        } finally {
            server.destroyForcibly().waitFor();
            if (answers != null) {
                answers.destroyForcibly().waitFor();
            }
        }
    }

    private static List<String> java(String main, String... args) {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", System.getProperty("java.class.path"), main));
        command.addAll(List.of(args));
        return command;
    }

    /** A process whose output nobody reads. */
    private static Process start(List<String> command) throws IOException {
        return new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static String run(List<String> command, int timeoutSeconds) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        return new String(output);
    }
}
