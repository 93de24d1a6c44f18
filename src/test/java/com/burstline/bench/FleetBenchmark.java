package com.burstline.bench;

import com.burstline.agent.AgentProcess;
import tools.jackson.databind.JsonNode;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A fleet (issue #23, goal 4): simulated idle agents ({@link SimulatedFleet}, the real wire contract, heartbeats at
 * the real period) grown to 50, 200 and 500, and at each size 50 jobs posted at once against a few real agents on
 * loopback running iperf3. At each size it prints the heartbeats' p99, the jobs' dispatch figures, the dashboard's
 * pages (p95, and their median over their idle time before any simulated agent; goal ≤ 2× at 500), and the JVM's
 * heap after a full GC and its threads, so that growth per agent shows. Server, simulated fleet and page client
 * share this JVM: the heap includes the fleet's few objects per agent, and the thread count leaves the benchmark's
 * own (named bench-*) out. A measurement, not a check. Run by {@code scripts/bench-team.sh fleet}.
 */
public final class FleetBenchmark {
    static final String USAGE = """
            usage: scripts/bench-team.sh fleet [--levels=50,200,500] [--jobs=N] [--pairs=P] [--scenario-seconds=D]
                                               [--quiet-seconds=Q] [--job-rate=BITS]
              --levels            simulated agents at each step                  (default 50,200,500)
              --jobs              jobs posted at once at each step               (default 50)
              --pairs             pairs of real agents the jobs run on           (default 2)
              --scenario-seconds  the one scenario of each job                   (default 1)
              --quiet-seconds     page sampling without jobs at each step        (default 10)
              --job-rate          the scenario's -b in bit/s, 0 for unbounded    (default 100000000)""";
    private static final List<String> PAGES = List.of("/runs", "/jobs", "/agents", "/api/v1/agents");
    private static final double GOAL = 2;

    private FleetBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (!BenchSupport.onlyOptions(args, List.of("levels", "jobs", "pairs", "scenario-seconds", "quiet-seconds",
                "job-rate"))) {
            System.err.println(USAGE);
            System.exit(1);
        }
        JvmVariant launch = JvmVariant.parse(System.getenv().getOrDefault("BURSTLINE_AGENT_JAVA_OPTS", ""));
        System.out.println("Burstline fleet, " + LocalDate.now());
        System.out.printf(Locale.ROOT, "machine: %d cores, load average %.2f, %s %s; server in this JVM, durable H2, "
                + "heartbeat period the default; real agents launched with [%s]%n",
                Runtime.getRuntime().availableProcessors(), BenchSupport.loadAverage(),
                System.getProperty("java.vm.name"), System.getProperty("java.version"), launch.label());
        AgentBenchmark.withServer(List.of(), (api, agentToken, workDir) -> measure(args, api, agentToken, workDir,
                launch));
        System.exit(0);
    }

    private static void measure(String[] args, ServerApi api, String agentToken, Path workDir, JvmVariant launch)
            throws Exception {
        int pairs = BenchSupport.intOption(args, "pairs", 2);
        int quiet = BenchSupport.intOption(args, "quiet-seconds", 10);
        int jobRate = BenchSupport.intOption(args, "job-rate", 100_000_000);
        List<AgentProcess> agents = new ArrayList<>();
        try (SimulatedFleet fleet = new SimulatedFleet(URI.create(api.base()), agentToken, "sim-");
             PageProbe pages = new PageProbe(api.another(), PAGES, 100)) {
            for (int pair = 1; pair <= pairs; pair++) {
                for (String role : List.of("fast-sut-", "fast-peer-")) {
                    agents.add(AgentProcess.startWithFlags(api.base(), agentToken, role + pair, workDir,
                            launch.env(), launch.flags()));
                    api.awaitAgent(role + pair, Duration.ofSeconds(60));
                }
            }
            // The real agents share this machine's cores with the server; unbounded loopback TCP would have the
            // pages wait for iperf3's CPU, which on a team's hosts is another machine's.
            FleetJobs jobs = new FleetJobs(api, pairs, BenchSupport.intOption(args, "scenario-seconds", 1), jobRate);
            jobs.run(4); // warms the job path up before anything is measured
            pages.start("warm-up");
            Thread.sleep(quiet * 1000L);
            pages.phase("idle");
            Thread.sleep(quiet * 1000L);
            Footprint idle = Footprint.now();
            System.out.printf(Locale.ROOT, "%nidle (%d real agents, no simulated one): heap after GC %.1f MiB, "
                    + "threads %d; load average %.2f; each job one TCP scenario at -b %d bit/s (0: unbounded)%n",
                    2 * pairs, idle.heapMib(), idle.threads(), BenchSupport.loadAverage(), jobRate);
            List<String> phases = new ArrayList<>(List.of("idle"));
            for (String level : BenchSupport.stringOption(args, "levels", "50,200,500").split(",")) {
                step(Integer.parseInt(level), fleet, pages, jobs, BenchSupport.intOption(args, "jobs", 50), quiet,
                        idle);
                phases.add(level + " quiet");
                phases.add(level + " + jobs");
            }
            pages.phase(null);
            System.out.println("\npages (one client, in turn, 100 ms apart), each phase's median over idle:");
            pages.print(phases);
            verdict(pages, phases);
        } finally {
            for (AgentProcess agent : agents) {
                agent.close();
            }
        }
    }

    private static void step(int size, SimulatedFleet fleet, PageProbe pages, FleetJobs jobs, int jobCount,
                             int quiet, Footprint idle) throws Exception {
        pages.phase(null);
        fleet.growTo(size);
        Thread.sleep(fleet.heartbeatSeconds() * 1000L); // every new agent has sent its first heartbeat
        fleet.takeHeartbeatNanos();
        pages.phase(size + " quiet");
        Thread.sleep(quiet * 1000L);
        List<Long> quietBeats = fleet.takeHeartbeatNanos();
        Footprint quietFootprint = Footprint.now();
        pages.phase(size + " + jobs");
        ThreadPeak peak = new ThreadPeak().start();
        FleetJobs.Figures figures = jobs.run(jobCount);
        int peakThreads = peak.stop();
        List<Long> busyBeats = fleet.takeHeartbeatNanos();
        System.out.printf(Locale.ROOT, "%n%d simulated agents (heartbeat every %d s), load average %.2f:%n", size,
                fleet.heartbeatSeconds(), BenchSupport.loadAverage());
        System.out.printf(Locale.ROOT, "  heartbeats: quiet p50 %.1f ms p99 %.1f ms (n=%d); during jobs p50 %.1f ms "
                + "p99 %.1f ms (n=%d); failed so far %d%n", ms(quietBeats, 50), ms(quietBeats, 99), quietBeats.size(),
                ms(busyBeats, 50), ms(busyBeats, 99), busyBeats.size(), fleet.heartbeatFailures());
        figures.print();
        System.out.printf(Locale.ROOT, "  heap after GC %.1f MiB (%.1f KiB per simulated agent over idle), threads "
                + "%d quiet (idle %d), %d at most during the jobs%n", quietFootprint.heapMib(),
                (quietFootprint.heapMib() - idle.heapMib()) * 1024 / size, quietFootprint.threads(), idle.threads(),
                peakThreads);
    }

    private static void verdict(PageProbe pages, List<String> phases) {
        String last = phases.get(phases.size() - 1);
        String lastQuiet = phases.get(phases.size() - 2);
        for (String path : pages.paths()) {
            double idle = Stats.median(pages.millis("idle", path));
            double quiet = Stats.median(pages.millis(lastQuiet, path));
            double busy = Stats.median(pages.millis(last, path));
            System.out.printf(Locale.ROOT, "  %-16s at %s: %.2fx idle, with the jobs %.2fx (goal <= %.0fx: %s); "
                    + "p95 %.1f ms%n", path, lastQuiet, quiet / idle, busy / idle, GOAL,
                    Math.max(quiet, busy) / idle <= GOAL ? "reached" : "NOT reached",
                    Stats.percentile(pages.millis(last, path), 95));
        }
    }

    private static double ms(List<Long> nanos, double percentile) {
        return Stats.percentile(nanos, percentile) / 1e6;
    }

    /** The JVM's heap after a full collection, and its threads without the benchmark's own. */
    record Footprint(double heapMib, int threads) {
        static Footprint now() throws InterruptedException {
            for (int i = 0; i < 2; i++) {
                System.gc();
                Thread.sleep(200);
            }
            return new Footprint(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1048576.0,
                    serverThreads());
        }

        static int serverThreads() {
            return (int) Thread.getAllStackTraces().keySet().stream()
                    .filter(thread -> !thread.getName().startsWith("bench-")).count();
        }
    }

    /** The most threads seen, sampled every 100 ms while the jobs run. */
    private static final class ThreadPeak {
        private volatile boolean stopped;
        private volatile int peak;
        private final Thread thread = new Thread(this::sample, "bench-thread-peak");

        ThreadPeak start() {
            thread.setDaemon(true);
            thread.start();
            return this;
        }

        int stop() throws InterruptedException {
            stopped = true;
            thread.join();
            return peak;
        }

        private void sample() {
            while (!stopped) {
                peak = Math.max(peak, Footprint.serverThreads());
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** Seconds between two of the server's timestamps. */
    static double seconds(JsonNode from, JsonNode to) {
        return Duration.between(Instant.parse(from.stringValue()), Instant.parse(to.stringValue())).toNanos() / 1e9;
    }
}
