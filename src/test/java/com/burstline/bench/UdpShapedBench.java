package com.burstline.bench;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * The engine's UDP pacing beside iperf3's ({@code udp-shaped}): across a veth shaped by {@code tbf rate 1gbit burst 1mb
 * latency 50ms} (MTU 9000, 8900-byte datagrams), at 0.5x and 0.9x the link, rounds of iperf3 to iperf3, engine to
 * iperf3 (the engine sending) and iperf3 to engine (the engine receiving), interleaved. Per pairing, medians of the
 * rounds: sent and received rate, loss, the datagrams the receiver's socket dropped (UdpRcvbufErrors: loss at the
 * receiver, not on the link), and the per-interval spread of the received and the sent rate (coefficient of variation
 * of the 1-second intervals after the omitted one; a closing sliver is left out as iperf3's own summaries do).
 */
final class UdpShapedBench {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final int PORT = 5652;
    private static final long LINK = 1_000_000_000L;
    private static final List<Double> LOADS = List.of(0.5, 0.9);

    private UdpShapedBench() {
    }

    record Figures(double sentMbps, double receivedMbps, double lostPercent, long lost, long socketDrops,
                   double receivedSpread, double sentSpread) {
    }

    /** @param pairings name to client command and server command; those with iperf3 on one side are measured */
    static void measure(Map<String, List<List<String>>> pairings, List<String> iperf3, int rounds, int seconds)
            throws IOException, InterruptedException {
        BenchPath path = BenchPath.udpShaped();
        try {
            System.out.printf("%n== UDP pacing, %s, 8900-byte datagrams, -t %d -O 1, medians of %d rounds%n",
                    path.name(), seconds, rounds);
            for (double load : LOADS) {
                Map<String, List<Figures>> results = new LinkedHashMap<>();
                for (int round = 0; round < rounds; round++) {
                    for (Map.Entry<String, List<List<String>>> pairing : pairings.entrySet()) {
                        List<List<String>> sides = pairing.getValue();
                        if (sides.get(0) == iperf3 || sides.get(1) == iperf3) {
                            results.computeIfAbsent(pairing.getKey(), k -> new ArrayList<>()).add(run(path,
                                    sides.get(0), sides.get(1), sides.get(0) == iperf3, sides.get(1) == iperf3, load,
                                    seconds));
                        }
                    }
                }
                print(load, results);
            }
        } finally {
            BenchPath.downUdpShaped();
        }
    }

    private static Figures run(BenchPath path, List<String> client, List<String> server, boolean clientIsIperf3,
                               boolean serverIsIperf3, double load, int seconds)
            throws IOException, InterruptedException {
        Path serverOut = Files.createTempFile("udp-shaped-server", ".json");
        Path clientOut = Files.createTempFile("udp-shaped-client", ".json");
        long dropsBefore = path.counter(true, "UdpRcvbufErrors");
        List<String> serverCommand = new ArrayList<>(server);
        serverCommand.addAll(List.of("-s", "-1", "-p", String.valueOf(PORT), "-J"));
        Process s = new ProcessBuilder(path.server(serverCommand)).redirectOutput(serverOut.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            Thread.sleep(serverIsIperf3 ? 400 : 1500);
            List<String> clientCommand = new ArrayList<>(client);
            clientCommand.addAll(List.of("-c", path.serverAddress(), "-p", String.valueOf(PORT), "-J", "-u", "-b",
                    String.valueOf((long) (load * LINK)), "-l", "8900", "-t", String.valueOf(seconds), "-O", "1"));
            Process c = new ProcessBuilder(path.client(clientCommand)).redirectOutput(clientOut.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!c.waitFor(seconds + 60L, TimeUnit.SECONDS) || !s.waitFor(20, TimeUnit.SECONDS)) {
                c.destroyForcibly();
                return null;
            }
            long drops = path.counter(true, "UdpRcvbufErrors") - dropsBefore;
            return figures(MAPPER.readTree(clientOut.toFile()), MAPPER.readTree(serverOut.toFile()), clientIsIperf3,
                    drops);
        } catch (RuntimeException unreadable) {
            return null;
        } finally {
            s.destroyForcibly();
            Files.deleteIfExists(serverOut);
            Files.deleteIfExists(clientOut);
        }
    }

    /** Loss as iperf3 counted or was told it: from iperf3's side of the pair. */
    private static Figures figures(JsonNode client, JsonNode server, boolean clientIsIperf3, long socketDrops) {
        JsonNode received = (clientIsIperf3 ? client : server).path("end").path("sum_received");
        return new Figures(client.path("end").path("sum_sent").path("bits_per_second").asDouble(Double.NaN) / 1e6,
                received.path("bits_per_second").asDouble(Double.NaN) / 1e6,
                received.path("lost_percent").asDouble(Double.NaN), received.path("lost_packets").asLong(-1),
                socketDrops, spread(server), spread(client));
    }

    /** Coefficient of variation of the measured whole intervals' rates, in percent. */
    static double spread(JsonNode output) {
        List<Double> rates = new ArrayList<>();
        for (JsonNode interval : output.path("intervals")) {
            JsonNode sum = interval.path("sum");
            if (!sum.path("omitted").asBoolean(false) && sum.path("seconds").asDouble() > 0.9) {
                rates.add(sum.path("bits_per_second").asDouble());
            }
        }
        if (rates.size() < 2) {
            return Double.NaN;
        }
        double mean = rates.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double squares = rates.stream().mapToDouble(r -> (r - mean) * (r - mean)).sum();
        return 100 * Math.sqrt(squares / (rates.size() - 1)) / mean;
    }

    private static void print(double load, Map<String, List<Figures>> results) {
        System.out.printf(Locale.ROOT, "%nUDP -b %.0fM (%.1fx the link)%n", load * LINK / 1e6, load);
        System.out.printf("  %-18s %9s %9s %8s %8s %11s %10s %10s  %s%n", "pairing", "sent Mb/s", "recv Mb/s",
                "lost %", "lost", "socket drop", "recv CV %", "sent CV %", "rounds (lost %)");
        for (Map.Entry<String, List<Figures>> entry : results.entrySet()) {
            List<Figures> all = entry.getValue().stream().filter(f -> f != null).toList();
            StringBuilder rounds = new StringBuilder();
            entry.getValue().forEach(f -> rounds.append(f == null ? " failed" : String.format(Locale.ROOT, " %.2f",
                    f.lostPercent())));
            System.out.printf(Locale.ROOT, "  %-18s %9.1f %9.1f %8.2f %8.0f %11.0f %10.1f %10.1f %s%n",
                    entry.getKey(), median(all, Figures::sentMbps), median(all, Figures::receivedMbps),
                    median(all, Figures::lostPercent), median(all, f -> f.lost()),
                    median(all, f -> f.socketDrops()), median(all, Figures::receivedSpread),
                    median(all, Figures::sentSpread), rounds);
        }
    }

    private static double median(List<Figures> all, ToDoubleFunction<Figures> figure) {
        return all.isEmpty() ? Double.NaN : Stats.median(all.stream().map(f -> figure.applyAsDouble(f)).toList());
    }
}
