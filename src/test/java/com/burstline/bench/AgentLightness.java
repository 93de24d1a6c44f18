package com.burstline.bench;

import com.burstline.agent.AgentProcess;
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
 * {@link BareJdkDaemon}, the JDK's HTTP server and client the agent is built on — all with the same java and JVM
 * flags, idle for the same time, sampled in turn from {@code /proc/<pid>/status}.
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

    void measure(int scenarios, int idleSeconds, int samples, List<String> jvmFlags) throws Exception {
        long jarBytes = Files.size(AgentProcess.JAR);
        System.out.printf(Locale.ROOT, "%nAgent lightness (JVM flags %s):%n  jar %s: %,d bytes = %.2f MiB (goal <= 3 "
                + "MiB: %s)%n", jvmFlags.isEmpty() ? "none" : String.join(" ", jvmFlags), AgentProcess.JAR, jarBytes,
                jarBytes / 1048576.0, jarBytes <= 3 << 20 ? "reached" : "NOT reached");
        try (AgentProcess sut = AgentProcess.startWithFlags(api.base(), agentToken, "light-sut", workDir, jvmFlags);
             AgentProcess peer = AgentProcess.startWithFlags(api.base(), agentToken, "light-peer", workDir,
                     jvmFlags)) {
            api.awaitAgent("light-sut", Duration.ofSeconds(60));
            api.awaitAgent("light-peer", Duration.ofSeconds(60));
            Thread.sleep(idleSeconds * 1000L);
            double sutBefore = Stats.median(sample(sut.pid(), samples));
            double peerBefore = Stats.median(sample(peer.pid(), samples));
            JvmMemoryReport memory = new JvmMemoryReport(jvmFlags);
            memory.report("sut-before", sut.pid());
            memory.report("peer-before", peer.pid());
            String outcome = runScenarios(scenarios);
            try (BareDaemonProcess trivial = BareDaemonProcess.start(workDir.resolve("trivial.log"),
                    TrivialJava.class, jvmFlags);
                 BareDaemonProcess bare = BareDaemonProcess.start(workDir.resolve("bare.log"), BareJdkDaemon.class,
                         jvmFlags)) {
                trivial.awaitListening();
                bare.awaitListening();
                Thread.sleep(idleSeconds * 1000L);
                List<List<ProcStatus>> after = sampleInTurn(samples, sut.pid(), peer.pid(), trivial.pid(),
                        bare.pid());
                print(outcome, idleSeconds, new double[] {sutBefore, peerBefore}, after);
                memory.report("sut-after", sut.pid());
                memory.report("peer-after", peer.pid());
                memory.report("trivial", trivial.pid());
                memory.report("bare-jdk", bare.pid());
            }
        }
    }

    /** Jobs of at most {@value #PER_JOB} one-second engine scenarios, one after the other. */
    private String runScenarios(int count) throws Exception {
        int succeeded = 0;
        long started = System.nanoTime();
        for (int done = 0; done < count; done += PER_JOB) {
            int size = Math.min(PER_JOB, count - done);
            List<String> scenarios = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                scenarios.add(String.format(Locale.ROOT, KINDS[(done + i) % KINDS.length],
                        ", \"durationSeconds\": 1, \"tool\": \"java\""));
            }
            long id = api.post("/api/v1/jobs", "{\"sut\": \"light-sut\", \"peer\": \"light-peer\", \"scenarios\": ["
                    + String.join(", ", scenarios) + "]}").path("id").longValue();
            JsonNode job = api.awaitJob(id, Duration.ofSeconds(size * 30L + 60));
            for (JsonNode scenario : job.path("scenarios")) {
                boolean ok = "SUCCEEDED".equals(scenario.path("status").stringValue());
                succeeded += ok ? 1 : 0;
                if (!ok) {
                    System.out.println("  failed: " + scenario);
                }
            }
        }
        return String.format(Locale.ROOT, "%d scenarios (%d succeeded) of 1 s, tool java, in %.0f s", count,
                succeeded, (System.nanoTime() - started) / 1e9);
    }

    private static List<Double> sample(long pid, int samples) throws Exception {
        return sampleInTurn(samples, pid).get(0).stream().map(ProcStatus::rssMib).toList();
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

    private static void print(String outcome, int idleSeconds, double[] before, List<List<ProcStatus>> after) {
        String[] names = {"agent SUT (engine client)", "agent peer (engine server)", "trivial Java (TrivialJava)",
                "bare JDK HttpServer + HttpClient"};
        double[] medians = after.stream().mapToDouble(s -> Stats.median(s.stream().map(ProcStatus::rssMib)
                .toList())).toArray();
        System.out.printf(Locale.ROOT, "  %s; then VmRSS after %d s idle, median of %d samples 1 s apart:%n",
                outcome, idleSeconds, after.get(0).size());
        for (int i = 0; i < names.length; i++) {
            ProcStatus last = after.get(i).get(after.get(i).size() - 1);
            String was = i < 2 ? String.format(Locale.ROOT, " (before the scenarios %.1f)", before[i]) : "";
            System.out.printf(Locale.ROOT, "  %-34s %6.1f MiB%s; anon %.1f, file %.1f MiB, %d threads%n", names[i],
                    medians[i], was, last.anonKib() / 1024.0, last.fileKib() / 1024.0, last.threads());
        }
        for (int agent = 0; agent < 2; agent++) {
            System.out.printf(Locale.ROOT, "  %s / trivial Java = %.2f, / bare JDK = %.2f (goal <= 1.2 of the "
                    + "bare JDK floor: %s)%n", names[agent], medians[agent] / medians[2], medians[agent] / medians[3],
                    medians[agent] / medians[3] <= 1.2 ? "reached" : "NOT reached");
        }
    }
}
