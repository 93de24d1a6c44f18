package com.burstline.bench;

import com.burstline.agent.AgentProcess;
import com.burstline.server.job.planning.Pair;
import tools.jackson.databind.JsonNode;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The agent stays light with the engine inside: its jar, and the idle resident memory of two agents before and after
 * they ran {@code N} engine scenarios between them ({@code tool: java}: the SUT's engine client and the peer's engine
 * server, both inside the agents' JVMs), beside the JVM's floor — {@link TrivialJava}, a program that only waits, and
 * {@link BareJdkDaemon}, the JDK's HTTP server and client the agent is built on (and, a second row, the same
 * speaking HTTPS as the agent does) — all launched alike (same java,
 * environment and JVM flags), idle for the same time, sampled in turn from {@code /proc/<pid>/status}. Several launch
 * variants are measured side by side in one run: a pair of agents and a floor each, their jobs interleaved.
 */
final class AgentLightness {
    private static final String[] KINDS = {
            "{\"protocol\": \"TCP\", \"direction\": \"upload\"%s}",
            "{\"protocol\": \"TCP\", \"direction\": \"download\", \"streams\": 4%s}",
            "{\"protocol\": \"TCP\", \"direction\": \"bidir\"%s}",
            "{\"protocol\": \"UDP\", \"direction\": \"upload\", \"targetBitsPerSecond\": 200000000%s}",
            "{\"protocol\": \"UDP\", \"direction\": \"download\", \"targetBitsPerSecond\": 200000000%s}"};
    private static final int PER_JOB = 50;

    private final ServerApi api;
    private final String agentToken;
    private final Path workDir;

    AgentLightness(ServerApi api, String agentToken, Path workDir) {
        this.api = api;
        this.agentToken = agentToken;
        this.workDir = workDir;
    }

    void measure(int scenarios, int idleSeconds, int samples, List<JvmVariant> variants) throws Exception {
        long jarBytes = Files.size(AgentProcess.JAR);
        System.out.printf(Locale.ROOT, "%nAgent lightness, %d launch variant(s) side by side:%n  jar %s: %,d bytes = "
                + "%.2f MiB (goal <= 3 MiB: %s)%n", variants.size(), AgentProcess.JAR, jarBytes, jarBytes / 1048576.0,
                jarBytes <= 3 << 20 ? "reached" : "NOT reached");
        List<AutoCloseable> started = new ArrayList<>();
        try {
            List<Pair> pairs = new ArrayList<>();
            for (int v = 0; v < variants.size(); v++) {
                pairs.add(startPair(v, variants.get(v), started));
            }
            Thread.sleep(idleSeconds * 1000L);
            for (Pair pair : pairs) {
                pair.before = new double[] {median(pair.sut.pid(), samples), median(pair.peer.pid(), samples)};
                pair.memory.report(pair.tag + "sut-before", pair.sut.pid());
                pair.memory.report(pair.tag + "peer-before", pair.peer.pid());
                pair.memory.baseline(pair.sut.pid());
                pair.memory.baseline(pair.peer.pid());
            }
            runScenarios(scenarios, pairs);
            List<LightnessFloors> floors = new ArrayList<>();
            for (Pair pair : pairs) {
                floors.add(LightnessFloors.start(workDir, pair.tag, pair.variant));
                started.add(floors.get(floors.size() - 1));
            }
            for (LightnessFloors floor : floors) {
                floor.awaitListening();
            }
            Thread.sleep(idleSeconds * 1000L);
            List<Long> pids = new ArrayList<>();
            for (int v = 0; v < pairs.size(); v++) {
                pids.addAll(List.of(pairs.get(v).sut.pid(), pairs.get(v).peer.pid()));
                pids.addAll(floors.get(v).pids());
            }
            int each = 2 + LightnessFloors.NAMES.size();
            List<List<ProcStatus>> after = sampleInTurn(samples, pids.stream().mapToLong(Long::longValue).toArray());
            for (int v = 0; v < pairs.size(); v++) {
                Pair pair = pairs.get(v);
                print(pair, idleSeconds, after.subList(each * v, each * v + each));
                pair.memory.report(pair.tag + "sut-after", pair.sut.pid());
                pair.memory.report(pair.tag + "peer-after", pair.peer.pid());
                pair.memory.diff(pair.tag + "sut", pair.sut.pid());
                pair.memory.diff(pair.tag + "peer", pair.peer.pid());
                pair.memory.report(pair.tag + "trivial", floors.get(v).pids().get(0));
                pair.memory.report(pair.tag + "bare-jdk", floors.get(v).pids().get(1));
                pair.memory.report(pair.tag + "bare-jdk-tls", floors.get(v).pids().get(2));
            }
        } finally {
            for (int i = started.size() - 1; i >= 0; i--) {
                started.get(i).close();
            }
        }
    }

    /** Two agents launched as {@code variant} says, registered. */
    private Pair startPair(int index, JvmVariant variant, List<AutoCloseable> started) throws Exception {
        Pair pair = new Pair(index, variant);
        pair.sut = AgentProcess.startWithFlags(api.base(), agentToken, "light-sut-" + index, workDir, variant.env(),
                variant.flags());
        started.add(pair.sut);
        pair.peer = AgentProcess.startWithFlags(api.base(), agentToken, "light-peer-" + index, workDir,
                variant.env(), variant.flags());
        started.add(pair.peer);
        api.awaitAgent("light-sut-" + index, Duration.ofSeconds(60));
        api.awaitAgent("light-peer-" + index, Duration.ofSeconds(60));
        return pair;
    }

    /** Jobs of at most {@value #PER_JOB} one-second engine scenarios, each pair's jobs in turn. */
    private void runScenarios(int count, List<Pair> pairs) throws Exception {
        for (int done = 0; done < count; done += PER_JOB) {
            int size = Math.min(PER_JOB, count - done);
            List<String> scenarios = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                scenarios.add(String.format(Locale.ROOT, KINDS[(done + i) % KINDS.length],
                        ", \"durationSeconds\": 1, \"tool\": \"burstline-java\""));
            }
            for (Pair pair : pairs) {
                long started = System.nanoTime();
                pair.succeeded += runJob(pair, scenarios);
                pair.seconds += (System.nanoTime() - started) / 1e9;
                // what grew in the first job against the whole run: growth that goes on job after job is a creep
                pair.memory.diff(pair.tag + "sut-after-" + (done + size), pair.sut.pid());
            }
        }
        for (Pair pair : pairs) {
            pair.outcome = String.format(Locale.ROOT, "%d scenarios (%d succeeded) of 1 s, tool java, in %.0f s",
                    count, pair.succeeded, pair.seconds);
        }
    }

    private int runJob(Pair pair, List<String> scenarios) throws Exception {
        long id = api.post("/api/v1/jobs", "{\"sut\": \"light-sut-" + pair.index + "\", \"peer\": \"light-peer-"
                + pair.index + "\", \"scenarios\": [" + String.join(", ", scenarios) + "]}").path("id").longValue();
        JsonNode job = api.awaitJob(id, Duration.ofSeconds(scenarios.size() * 30L + 60));
        int succeeded = 0;
        for (JsonNode scenario : job.path("scenarios")) {
            boolean ok = "SUCCEEDED".equals(scenario.path("status").stringValue());
            succeeded += ok ? 1 : 0;
            if (!ok) {
                System.out.println("  failed (" + pair.variant.label() + "): " + scenario);
            }
        }
        return succeeded;
    }

    private static double median(long pid, int samples) throws Exception {
        return Stats.median(sampleInTurn(samples, pid).get(0).stream().map(ProcStatus::rssMib).toList());
    }

    private static List<List<ProcStatus>> sampleInTurn(int samples, long... pids) throws Exception {
        List<List<ProcStatus>> all = new ArrayList<>();
        for (long ignored : pids) {
            all.add(new ArrayList<>());
        }
        for (int i = 0; i < samples; i++) {
            for (int p = 0; p < pids.length; p++) {
                all.get(p).add(ProcStatus.of(pids[p]));
            }
            Thread.sleep(1000);
        }
        return all;
    }

    private static void print(Pair pair, int idleSeconds, List<List<ProcStatus>> after) {
        List<String> names = new ArrayList<>(List.of("agent SUT (engine client)", "agent peer (engine server)"));
        names.addAll(LightnessFloors.NAMES);
        double[] medians = after.stream().mapToDouble(s -> Stats.median(s.stream().map(ProcStatus::rssMib)
                .toList())).toArray();
        System.out.printf(Locale.ROOT, "%n  [%s]%n  %s; then VmRSS after %d s idle, median of %d samples 1 s apart:%n",
                pair.variant.label(), pair.outcome, idleSeconds, after.get(0).size());
        for (int i = 0; i < names.size(); i++) {
            ProcStatus last = after.get(i).get(after.get(i).size() - 1);
            String was = i < 2 ? String.format(Locale.ROOT, " (before the scenarios %.1f)", pair.before[i]) : "";
            System.out.printf(Locale.ROOT, "  %-34s %6.1f MiB%s; anon %.1f, file %.1f MiB, %d threads%n",
                    names.get(i), medians[i], was, last.anonKib() / 1024.0, last.fileKib() / 1024.0, last.threads());
        }
        for (int agent = 0; agent < 2; agent++) {
            System.out.printf(Locale.ROOT, "  %s / trivial Java = %.2f, / bare JDK = %.2f (goal <= 1.2 of the "
                    + "bare JDK floor: %s), / bare JDK with HTTPS = %.2f%n", names.get(agent),
                    medians[agent] / medians[2], medians[agent] / medians[3],
                    medians[agent] / medians[3] <= 1.2 ? "reached" : "NOT reached", medians[agent] / medians[4]);
        }
    }

    /** One variant's agents and what was measured of them. */
    private static final class Pair {
        final int index;
        final JvmVariant variant;
        final String tag;
        final JvmMemoryReport memory;
        AgentProcess sut;
        AgentProcess peer;
        double[] before;
        int succeeded;
        double seconds;
        String outcome;

        Pair(int index, JvmVariant variant) {
            this.index = index;
            this.variant = variant;
            this.tag = "v" + index + "-";
            this.memory = new JvmMemoryReport(variant.flags());
        }
    }
}
