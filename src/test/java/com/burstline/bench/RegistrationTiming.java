package com.burstline.bench;

import com.burstline.agent.AgentProcess;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Time to register: from just before {@code java -jar burstline-agent.jar} is started until the agent is listed
 * online by {@code GET /api/v1/agents}, polled every 20 ms from another thread while the process starts. Each run is
 * a fresh agent under a fresh name, stopped afterwards, followed by the JVM's floor: how long a {@link BareJdkDaemon}
 * takes from its start until it listens and has made its one HTTP call, so that a busy machine shows in both.
 */
final class RegistrationTiming {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    private final ServerApi api;
    private final String agentToken;
    private final Path workDir;
    private final JvmVariant launch;

    /** @param launch how the agents and the bare daemon are launched: the agent's own JVM options and environment */
    RegistrationTiming(ServerApi api, String agentToken, Path workDir, JvmVariant launch) {
        this.api = api;
        this.agentToken = agentToken;
        this.workDir = workDir;
        this.launch = launch;
    }

    /** @return {median milliseconds until the agent was listed, median milliseconds the bare daemon took} */
    double[] measure(int runs) throws Exception {
        System.out.println();
        System.out.println("Time to register (java -jar, launched as in the header; listed online by GET /api/v1/agents, "
                + "polled every 20 ms):");
        List<Double> seen = new ArrayList<>();
        List<Double> atServer = new ArrayList<>();
        List<Double> bare = new ArrayList<>();
        ExecutorService poller = Executors.newSingleThreadExecutor();
        try {
            for (int run = 1; run <= runs; run++) {
                double[] figures = once(poller, "bench-register-" + run);
                seen.add(figures[0]);
                atServer.add(figures[1]);
                bare.add(bareDaemonStart());
                System.out.printf(Locale.ROOT, "  run %d: listed after %5.0f ms (the server's registeredAt: %5.0f ms); "
                        + "bare JDK daemon listening after %5.0f ms%n", run, figures[0], figures[1], bare.get(run - 1));
            }
        } finally {
            poller.shutdownNow();
        }
        double median = Stats.median(seen);
        double floor = Stats.median(bare);
        System.out.printf(Locale.ROOT, "  median of %d: listed after %.0f ms (goal <= 2000 ms: %s), registeredAt %.0f "
                + "ms; bare JDK daemon %.0f ms; agent / bare = %.2f%n", runs, median, median <= 2000 ? "reached"
                : "NOT reached", Stats.median(atServer), floor, median / floor);
        return new double[] {median, floor};
    }

    private double bareDaemonStart() throws Exception {
        long started = System.nanoTime();
        try (BareDaemonProcess daemon = BareDaemonProcess.start(workDir.resolve("bare-start.log"),
                BareJdkDaemon.class, launch)) {
            daemon.awaitListening();
            return (System.nanoTime() - started) / 1e6;
        }
    }

    /** @return {milliseconds until listed, milliseconds until the server's registeredAt} */
    private double[] once(ExecutorService poller, String name) throws Exception {
        Future<ServerApi.Listed> listed = poller.submit(() -> api.awaitAgent(name, LIMIT));
        Instant startedAt = Instant.now();
        long started = System.nanoTime();
        try (AgentProcess agent = AgentProcess.startWithFlags(api.base(), agentToken, name, workDir,
                launch.env(), launch.flags())) {
            ServerApi.Listed seen = listed.get(LIMIT.toSeconds() + 5, TimeUnit.SECONDS);
            Instant registeredAt = Instant.parse(seen.agent().path("registeredAt").stringValue());
            return new double[] {(seen.seenNanos() - started) / 1e6,
                    Duration.between(startedAt, registeredAt).toNanos() / 1e6};
        } finally {
            listed.cancel(true);
        }
    }
}
