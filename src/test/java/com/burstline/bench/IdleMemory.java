package com.burstline.bench;

import com.burstline.agent.AgentProcess;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Idle resident memory of a registered agent beside the JVM's own floor, {@link BareJdkDaemon}: both started with the
 * same java, JVM options and environment, both idle for the same time, then sampled in turn from {@code /proc/<pid>/status}.
 */
final class IdleMemory {
    private final ServerApi api;
    private final String agentToken;
    private final Path workDir;
    private final JvmVariant launch;

    /** @param launch how the agents and the bare daemon are launched: the agent's own JVM options and environment */
    IdleMemory(ServerApi api, String agentToken, Path workDir, JvmVariant launch) {
        this.api = api;
        this.agentToken = agentToken;
        this.workDir = workDir;
        this.launch = launch;
    }

    /** @return {agent MiB, bare JDK MiB}, medians of the samples */
    double[] measure(int idleSeconds, int samples) throws Exception {
        try (BareDaemonProcess daemon = BareDaemonProcess.start(workDir.resolve("bare-idle.log"), BareJdkDaemon.class, launch);
             AgentProcess agent = AgentProcess.startWithFlags(api.base(), agentToken, "bench-idle", workDir,
                     launch.env(), launch.flags())) {
            api.awaitAgent("bench-idle", Duration.ofSeconds(60));
            daemon.awaitListening();
            Thread.sleep(idleSeconds * 1000L);
            List<ProcStatus> ofAgent = new ArrayList<>();
            List<ProcStatus> ofDaemon = new ArrayList<>();
            for (int i = 0; i < samples; i++) {
                ofAgent.add(ProcStatus.of(agent.pid()));
                ofDaemon.add(ProcStatus.of(daemon.pid()));
                Thread.sleep(1000);
            }
            return print(idleSeconds, ofAgent, ofDaemon);
        }
    }

    private static double[] print(int idleSeconds, List<ProcStatus> ofAgent, List<ProcStatus> ofDaemon) {
        double agent = Stats.median(ofAgent.stream().map(ProcStatus::rssMib).toList());
        double bare = Stats.median(ofDaemon.stream().map(ProcStatus::rssMib).toList());
        System.out.println();
        System.out.printf(Locale.ROOT, "Idle resident memory (VmRSS after %d s idle, median of %d samples 1 s apart, "
                + "taken in turn):%n", idleSeconds, ofAgent.size());
        line("agent (registered, heartbeats every 1 s)", agent, ofAgent);
        line("bare JDK HttpServer + HttpClient (BareJdkDaemon)", bare, ofDaemon);
        System.out.printf(Locale.ROOT, "  agent / bare JDK = %.2f  (goal <= 1.2: %s)%n", agent / bare,
                agent / bare <= 1.2 ? "reached" : "NOT reached");
        return new double[] {agent, bare};
    }

    private static void line(String what, double medianMib, List<ProcStatus> samples) {
        ProcStatus last = samples.get(samples.size() - 1);
        System.out.printf(Locale.ROOT, "  %-50s %6.1f MiB  (samples %s; last: anon %.1f, file %.1f MiB, %d threads)%n",
                what, medianMib, String.join(" ", samples.stream()
                        .map(s -> String.format(Locale.ROOT, "%.1f", s.rssMib())).toList()),
                last.anonKib() / 1024.0, last.fileKib() / 1024.0, last.threads());
    }
}
