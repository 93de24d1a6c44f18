package com.burstline.bench;

import java.net.URI;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Uploads under load (issue #23, goal 2): K clients upload distinct real runs for a while on durable H2 and on
 * PostgreSQL, while simulated agents send heartbeats at the real period and a person looks at the dashboard. It
 * prints errors, uploads/s, the answer times' p99, the heartbeats' times beside, and each page's median time during
 * the storm over its idle time before and after it in the same run (goal ≤ 3×). A measurement, not a check: it
 * never fails on speed. Run by {@code scripts/bench-team.sh uploads}.
 */
public final class UploadLoadBenchmark {
    static final String USAGE = """
            usage: scripts/bench-team.sh uploads [--seconds=S] [--clients=K] [--seed=N] [--idle-seconds=I]
                                                 [--agents=A] [--database=h2,postgres]
              --seconds       how long the storm lasts                          (default 60)
              --clients       uploading clients, each its own connection        (default 8)
              --seed          runs uploaded before anything is measured         (default 500)
              --idle-seconds  page and heartbeat sampling before and after      (default 15)
              --agents        simulated agents heartbeating throughout          (default 50)
              --database      which databases, in turn                          (default h2,postgres)""";
    private static final List<String> PAGES = List.of("/runs", "/agents", "/api/v1/runs?size=50");
    private static final List<String> PHASES = List.of("idle before", "storm", "idle after");
    private static final double GOAL = 3;

    private UploadLoadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (!BenchSupport.onlyOptions(args, List.of("seconds", "clients", "seed", "idle-seconds", "agents",
                "database"))) {
            System.err.println(USAGE);
            System.exit(1);
        }
        System.out.println("Burstline uploads under load, " + LocalDate.now());
        System.out.printf(Locale.ROOT, "machine: %d cores, load average %.2f, %s %s, max heap %.1f GiB%n",
                Runtime.getRuntime().availableProcessors(), BenchSupport.loadAverage(),
                System.getProperty("java.vm.name"), System.getProperty("java.version"),
                Runtime.getRuntime().maxMemory() / (double) (1L << 30));
        System.out.println("server: the real one, in this JVM, 127.0.0.1, every commit durable before 201; clients: "
                + "JDK HttpClient, HTTP/1.1, one connection each; corpus: " + Corpus.DESCRIPTION);
        for (String database : BenchSupport.stringOption(args, "database", "h2,postgres").split(",")) {
            BenchDatabase where = "postgres".equals(database) ? BenchDatabase.postgres()
                    : BenchDatabase.h2(java.nio.file.Path.of("<temp dir>"));
            try {
                AgentBenchmark.withServer(where.arguments(), (api, agentToken, workDir) -> measure(args, where, api,
                        agentToken));
            } finally {
                where.drop();
            }
        }
        System.exit(0); // HTTP client threads may linger; the benchmark must end by itself
    }

    private static void measure(String[] args, BenchDatabase database, ServerApi api, String agentToken)
            throws Exception {
        int seconds = BenchSupport.intOption(args, "seconds", 60);
        int clients = BenchSupport.intOption(args, "clients", 8);
        int idle = BenchSupport.intOption(args, "idle-seconds", 15);
        System.out.printf(Locale.ROOT, "%n== %s: %d clients for %d s after %d seeded runs, %d simulated agents; "
                + "load average %.2f%n", database.name(), clients, seconds, BenchSupport.intOption(args, "seed", 500),
                BenchSupport.intOption(args, "agents", 50), BenchSupport.loadAverage());
        LoadedUploads uploads = new LoadedUploads(api.base(), api.authorization(),
                Corpus.ofRealSamples(Pattern.compile("")));
        uploads.seed(BenchSupport.intOption(args, "seed", 500), clients);
        try (SimulatedFleet fleet = new SimulatedFleet(URI.create(api.base()), agentToken, "sim-");
             PageProbe pages = new PageProbe(api.another(), PAGES, 100)) {
            fleet.growTo(BenchSupport.intOption(args, "agents", 50));
            Thread.sleep(fleet.heartbeatSeconds() * 1000L); // every agent has sent its first heartbeat
            fleet.takeHeartbeatNanos();
            pages.start("warm-up"); // the pages' first loads compile their code: not idle time
            Thread.sleep(idle * 1000L);
            pages.phase(PHASES.get(0));
            fleet.takeHeartbeatNanos();
            Thread.sleep(idle * 1000L);
            List<Long> idleBeats = fleet.takeHeartbeatNanos();
            pages.phase(PHASES.get(1));
            double loadBefore = BenchSupport.loadAverage();
            long wall = uploads.run(clients, Duration.ofSeconds(seconds));
            double loadAfter = BenchSupport.loadAverage();
            List<Long> stormBeats = fleet.takeHeartbeatNanos();
            pages.phase(PHASES.get(2));
            Thread.sleep(idle * 1000L);
            idleBeats = concat(idleBeats, fleet.takeHeartbeatNanos());
            pages.phase(null);
            report(uploads, wall, loadBefore, loadAfter);
            System.out.printf(Locale.ROOT, "  heartbeats (%d agents, every %d s): idle median %.1f ms p99 %.1f ms "
                    + "(n=%d); storm median %.1f ms p99 %.1f ms (n=%d); failed %d%n", fleet.size(),
                    fleet.heartbeatSeconds(), millis(idleBeats, 50), millis(idleBeats, 99), idleBeats.size(),
                    millis(stormBeats, 50), millis(stormBeats, 99), stormBeats.size(), fleet.heartbeatFailures());
            System.out.println("  pages (one client, in turn, 100 ms apart; ratio to idle before):");
            pages.print(PHASES);
            verdict(pages);
            pages.failures().stream().limit(5).forEach(f -> System.out.println("  page failure: " + f));
        }
    }

    private static void report(LoadedUploads uploads, long wallNanos, double loadBefore, double loadAfter) {
        double seconds = wallNanos / 1e9;
        List<Double> answers = uploads.answerMillis();
        System.out.printf(Locale.ROOT, "  storm: %d stored (201) in %.1f s = %.1f uploads/s, %.0f interval rows/s; "
                + "errors %d %s; answer median %.1f ms, p99 %.1f ms, max %.1f ms; load average %.2f -> %.2f%n",
                uploads.stored(), seconds, uploads.stored() / seconds, uploads.rows() / seconds, uploads.errors(),
                uploads.statuses(), Stats.median(answers), Stats.percentile(answers, 99),
                Stats.percentile(answers, 100), loadBefore, loadAfter);
        uploads.firstErrors().forEach((kind, body) -> System.out.println("  first " + kind + ": "
                + body.substring(0, Math.min(300, body.length()))));
    }

    /** The goal's figure: each page's median during the storm over its median idle (before and after pooled). */
    private static void verdict(PageProbe pages) {
        for (String path : pages.paths()) {
            double storm = Stats.median(pages.millis(PHASES.get(1), path));
            double idle = Stats.median(concat(pages.millis(PHASES.get(0), path), pages.millis(PHASES.get(2), path)));
            System.out.printf(Locale.ROOT, "  %-26s storm / idle (before and after pooled) = %.1f / %.1f ms = "
                    + "%.2fx (goal <= %.0fx: %s)%n", path, storm, idle, storm / idle, GOAL,
                    storm / idle <= GOAL ? "reached" : "NOT reached");
        }
    }

    private static double millis(List<Long> nanos, double percentile) {
        return Stats.percentile(nanos, percentile) / 1e6;
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }
}
