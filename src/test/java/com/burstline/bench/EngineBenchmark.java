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

/**
 * The native engine beside iperf3, interleaved in one run, on loopback and across an unshaped veth between two
 * namespaces ({@link BenchPath}): for each scenario, rounds of iperf3 to iperf3, engine client to iperf3 server,
 * iperf3 client to engine server and engine to engine. Prints received rate, loss, CPU (client + server, percent of
 * one core) per Gbit/s and each pairing's ratio to iperf3 alone; then the agent's lightness ({@link AgentLightness}).
 * A measurement, not a check: it never fails on figures. Run by
 * {@code scripts/bench-engine.sh [rounds] [seconds] [parts]}, parts a comma list of loopback, veth, shaped,
 * tcp-shaped (TCP and UDP at 0.9 across 1 and 5 Gbit/s), udp-shaped ({@link UdpShapedBench}) and agent; with
 * {@code BENCH_ENGINE_BUILDS} naming other agent jars, their pairings run interleaved too.
 */
public final class EngineBenchmark {
    private static final JsonMapper MAPPER = JsonMapper.builder().build();
    private static final int PORT = 5651;
    private static final int IDLE_SECONDS = 75;
    private static final List<String> IPERF3 = List.of("iperf3");
    private static final List<String> ENGINE = List.of("java", "-jar", "target/burstline-agent.jar", "iperf3");
    /**
     * Other builds of the agent jar measured beside the current one in the same rounds (before and after):
     * {@code BENCH_ENGINE_BUILDS=label=path.jar,…}.
     */
    private static final String BUILDS = System.getenv().getOrDefault("BENCH_ENGINE_BUILDS", "");
    private static final Map<String, List<List<String>>> PAIRINGS = new LinkedHashMap<>();

    static {
        PAIRINGS.put("iperf3 -> iperf3", List.of(IPERF3, IPERF3));
        PAIRINGS.put("engine -> iperf3", List.of(ENGINE, IPERF3));
        PAIRINGS.put("iperf3 -> engine", List.of(IPERF3, ENGINE));
        for (String build : BUILDS.isBlank() ? new String[0] : BUILDS.split(",")) {
            String[] labelAndJar = build.split("=", 2);
            List<String> other = List.of("java", "-jar", labelAndJar[1], "iperf3");
            PAIRINGS.put(labelAndJar[0] + " -> iperf3", List.of(other, IPERF3));
            PAIRINGS.put("iperf3 -> " + labelAndJar[0], List.of(IPERF3, other));
        }
        PAIRINGS.put("engine -> engine", List.of(ENGINE, ENGINE));
        // BENCH_ENGINE_JAVA_OPTS: variants of the engine's JVM flags separated by |, each measured in two more
        // pairings (engine' = the first, engine'' = the second, ...), so that a JVM option kept for the agent's memory
        // (the engine runs in the agent's JVM) is measured for the engine's speed in the same run
        String variants = System.getenv().getOrDefault("BENCH_ENGINE_JAVA_OPTS", "").strip();
        String mark = "";
        for (String variant : variants.isEmpty() ? new String[0] : variants.split("\\|")) {
            mark += "'";
            List<String> flagged = new ArrayList<>(List.of("java"));
            flagged.addAll(List.of(variant.strip().split("\\s+")));
            flagged.addAll(ENGINE.subList(1, ENGINE.size()));
            PAIRINGS.put("engine" + mark + " -> iperf3", List.of(flagged, IPERF3));
            PAIRINGS.put("iperf3 -> engine" + mark, List.of(IPERF3, flagged));
        }
    }

    private EngineBenchmark() {
    }

    record Figures(double gbps, double cpu, double lostPercent) {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        List<String> parts = List.of((args.length > 2 ? args[2] : "loopback,veth,agent").split(","));
        System.out.printf("engine benchmark: %s; %d rounds of %d s, interleaved; iperf3 = %s; load average %.2f%s%n",
                parts, rounds, seconds, version(), BenchSupport.loadAverage(),
                (BUILDS.isBlank() ? "" : "; other builds: " + BUILDS) + (System.getenv()
                        .getOrDefault("BENCH_ENGINE_JAVA_OPTS", "").isBlank() ? ""
                        : "; engine', engine'', ... = the engine with " + System.getenv("BENCH_ENGINE_JAVA_OPTS")));
        if (parts.contains("loopback")) {
            measure(BenchPath.loopback(), scenarios(true), rounds, seconds);
        }
        if (parts.contains("veth")) {
            try {
                measure(BenchPath.veth(), scenarios(false), rounds, seconds);
            } finally {
                BenchPath.down();
            }
        }
        if (parts.contains("shaped")) {
            try {
                measure(BenchPath.shaped(), Map.of("UDP -b 1G -l 8900 -O 1", List.of("-u", "-b", "1G", "-l", "8900",
                        "-O", "1")), rounds, seconds);
            } finally {
                BenchPath.down();
            }
        }
        if (parts.contains("tcp-shaped")) {
            atTheLimits(rounds, seconds);
        }
        if (parts.contains("udp-shaped")) {
            UdpShapedBench.measure(PAIRINGS, IPERF3, rounds, seconds);
        }
        if (parts.contains("agent")) {
            AgentBenchmark.withServer(EngineBenchmark::lightness);
        }
        System.out.printf(Locale.ROOT, "load average at the end %.2f%n", BenchSupport.loadAverage());
        String only = System.getenv().getOrDefault("BENCH_ENGINE_SCENARIOS", "");
        System.out.printf("reproduce: %s%sflock /tmp/burstline-heavy.lock scripts/bench-engine.sh %d %d %s%n",
                BUILDS.isBlank() ? "" : "BENCH_ENGINE_BUILDS=" + BUILDS + " ",
                only.isBlank() ? "" : "BENCH_ENGINE_SCENARIOS='" + only + "' ", rounds, seconds,
                String.join(",", parts));
        System.exit(0); // HTTP client threads may linger; the benchmark must end by itself
    }

    /**
     * Issue #23's goal 5, where a team measures: the veth shaped to 1 and to 5 Gbit/s (an instance's baseline and
     * burst), TCP 1 and 4 streams both ways and UDP at 0.9 of the link, the engine beside iperf3 in the same rounds.
     */
    private static void atTheLimits(int rounds, int seconds) throws IOException, InterruptedException {
        for (String[] link : List.of(new String[] {"1gbit", "900M"}, new String[] {"5gbit", "4500M"})) {
            Map<String, List<String>> scenarios = new LinkedHashMap<>();
            scenarios.put("TCP -P 1", List.of());
            scenarios.put("TCP -P 4", List.of("-P", "4"));
            scenarios.put("TCP -P 1 -R", List.of("-R"));
            scenarios.put("TCP -P 4 -R", List.of("-P", "4", "-R"));
            scenarios.put("UDP -b " + link[1], List.of("-u", "-b", link[1], "-l", "8900"));
            keepOnlyTheNamed(scenarios);
            if (scenarios.isEmpty()) {
                continue;
            }
            try {
                measure(BenchPath.shaped(link[0]), scenarios, rounds, seconds);
            } finally {
                BenchPath.down();
            }
        }
    }

    /**
     * TCP single and 4 streams everywhere; UDP at -b 0 and 1 Gbit/s where asked (loopback). BENCH_ENGINE_SCENARIOS
     * (names separated by commas, e.g. {@code TCP -P 4}) keeps only those, so that a change to one path gets more
     * rounds in a lock holder's turn.
     */
    private static Map<String, List<String>> scenarios(boolean udp) {
        Map<String, List<String>> scenarios = new LinkedHashMap<>();
        scenarios.put("TCP -P 1", List.of());
        scenarios.put("TCP -P 4", List.of("-P", "4"));
        if (udp) {
            scenarios.put("UDP -b 0", List.of("-u", "-b", "0", "-l", "1460"));
            scenarios.put("UDP -b 1G", List.of("-u", "-b", "1G", "-l", "1460"));
        }
        keepOnlyTheNamed(scenarios);
        return scenarios;
    }

    private static void keepOnlyTheNamed(Map<String, List<String>> scenarios) {
        String only = System.getenv().getOrDefault("BENCH_ENGINE_SCENARIOS", "").strip();
        if (!only.isEmpty()) {
            scenarios.keySet().retainAll(List.of(only.split("\\s*,\\s*")));
        }
    }

    private static void measure(BenchPath path, Map<String, List<String>> scenarios, int rounds, int seconds)
            throws IOException, InterruptedException {
        System.out.printf("%n== %s%n", path.name());
        for (Map.Entry<String, List<String>> scenario : scenarios.entrySet()) {
            Map<String, List<Figures>> results = new LinkedHashMap<>();
            for (int round = 0; round < rounds; round++) {
                for (Map.Entry<String, List<List<String>>> pairing : PAIRINGS.entrySet()) {
                    results.computeIfAbsent(pairing.getKey(), k -> new ArrayList<>()).add(run(path,
                            pairing.getValue().get(0), pairing.getValue().get(1), scenario.getValue(), seconds));
                }
            }
            print(scenario.getKey(), results);
        }
    }

    /**
     * 100 engine scenarios between two agents launched as a real agent is (BURSTLINE_AGENT_JAVA_OPTS: its JVM flags
     * and environment, {@code NAME=value} words; several variants separated by {@code |} are measured side by side),
     * sampled after {@value #IDLE_SECONDS} s idle: past every idle timer in the agent and the JDK beneath it (the
     * HttpClient's pool threads and the HTTP server's idle connections go after 60 s and 30 s), the floor idle as long.
     */
    private static void lightness(ServerApi api, String agentToken, Path workDir) throws Exception {
        new AgentLightness(api, agentToken, workDir).measure(100, IDLE_SECONDS, 5,
                JvmVariant.parseAll(System.getenv().getOrDefault("BURSTLINE_AGENT_JAVA_OPTS", "")));
    }

    private static Figures run(BenchPath path, List<String> client, List<String> server, List<String> flags,
                               int seconds) throws IOException, InterruptedException {
        Path serverOut = Files.createTempFile("bench-server", ".json");
        Path clientOut = Files.createTempFile("bench-client", ".json");
        List<String> serverCommand = new ArrayList<>(server);
        serverCommand.addAll(List.of("-s", "-1", "-p", String.valueOf(PORT), "-J"));
        Process s = new ProcessBuilder(path.server(serverCommand)).redirectOutput(serverOut.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            Thread.sleep(server == IPERF3 ? 400 : 1200);
            List<String> clientCommand = new ArrayList<>(client);
            clientCommand.addAll(List.of("-c", path.serverAddress(), "-p", String.valueOf(PORT), "-J", "-t",
                    String.valueOf(seconds)));
            clientCommand.addAll(flags);
            Process c = new ProcessBuilder(path.client(clientCommand)).redirectOutput(clientOut.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (!c.waitFor(seconds + 60L, TimeUnit.SECONDS)) {
                c.destroyForcibly();
                return new Figures(Double.NaN, Double.NaN, Double.NaN);
            }
            s.waitFor(20, TimeUnit.SECONDS);
            return figures(MAPPER.readTree(clientOut.toFile()));
        } catch (RuntimeException unreadable) {
            return new Figures(Double.NaN, Double.NaN, Double.NaN);
        } finally {
            s.destroyForcibly();
            Files.deleteIfExists(serverOut);
            Files.deleteIfExists(clientOut);
        }
    }

    private static Figures figures(JsonNode client) {
        JsonNode end = client.path("end");
        double gbps = end.path("sum_received").path("bits_per_second").asDouble(Double.NaN) / 1e9;
        JsonNode cpu = end.path("cpu_utilization_percent");
        double cpuSum = cpu.path("host_total").asDouble(Double.NaN) + cpu.path("remote_total").asDouble(Double.NaN);
        return new Figures(gbps, cpuSum, end.path("sum_received").path("lost_percent").asDouble(0));
    }

    /**
     * Means, the median rate beside them (on a shared machine one busy round can move a mean by half), and the
     * ratios of each round to iperf3 alone in the same round, with their 95% interval ({@link PairedRatio}).
     */
    private static void print(String scenario, Map<String, List<Figures>> results) {
        System.out.println();
        System.out.println(scenario);
        System.out.printf("  %-18s %10s %8s %9s %14s %9s %8s %8s  %-22s %-22s %s%n", "pairing", "Gbit/s", "ratio",
                "lost %", "CPU %/Gbit/s", "ratio", "median", "ratio", "paired rate, 95% CI", "paired CPU/Gbit/s",
                "rounds (Gbit/s)");
        List<Figures> iperf3 = results.get("iperf3 -> iperf3");
        Figures base = mean(iperf3);
        double baseMedian = median(iperf3);
        for (Map.Entry<String, List<Figures>> entry : results.entrySet()) {
            Figures f = mean(entry.getValue());
            double cpuPerGbit = f.cpu() / f.gbps();
            double baseCpuPerGbit = base.cpu() / base.gbps();
            double median = median(entry.getValue());
            StringBuilder rounds = new StringBuilder();
            entry.getValue().forEach(r -> rounds.append(String.format(Locale.ROOT, " %.1f", r.gbps())));
            PairedRatio rate = PairedRatio.of(entry.getValue(), iperf3, Figures::gbps);
            PairedRatio cpu = PairedRatio.of(entry.getValue(), iperf3, r -> r.cpu() / r.gbps());
            System.out.printf(Locale.ROOT, "  %-18s %10.2f %7.2fx %9.2f %14.1f %8.2fx %8.2f %7.2fx  %-22s %-22s%s%n",
                    entry.getKey(), f.gbps(), f.gbps() / base.gbps(), f.lostPercent(), cpuPerGbit,
                    cpuPerGbit / baseCpuPerGbit, median, median / baseMedian, rate, cpu, rounds);
        }
    }

    private static double median(List<Figures> all) {
        return Stats.median(all.stream().map(Figures::gbps).toList());
    }

    private static Figures mean(List<Figures> all) {
        double g = 0;
        double c = 0;
        double l = 0;
        for (Figures f : all) {
            g += f.gbps();
            c += f.cpu();
            l += f.lostPercent();
        }
        return new Figures(g / all.size(), c / all.size(), l / all.size());
    }

    private static String version() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("iperf3", "--version").redirectErrorStream(true).start();
        String first = new String(p.getInputStream().readAllBytes()).lines().findFirst().orElse("?");
        p.waitFor(5, TimeUnit.SECONDS);
        return first;
    }
}
