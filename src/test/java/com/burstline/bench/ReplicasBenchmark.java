package com.burstline.bench;

import com.burstline.server.BurstlineApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.regex.Pattern;

/**
 * Two servers beside one on one PostgreSQL (issue #33): the same load on each set-up in turn, each on a fresh schema.
 * {@code pairs} pairs of simulated agents ({@link SimulatedPairAgent}: the real wire contract, real iperf3 outputs,
 * no measuring), half of them enrolled through each server; then {@code jobs-per-pair} one-scenario jobs per pair
 * posted at once, alternately to each server: jobs per minute from the first POST until the last job ended, and the
 * pages' times on the first server meanwhile beside their idle times. Both servers run in this JVM, as do the
 * agents: on two cores a second server adds no CPU, so this shows what sharing the database costs and that nothing
 * is lost or done twice, not a speed-up. A measurement, not a check. Run by {@code scripts/bench-team.sh replicas}.
 */
public final class ReplicasBenchmark {
    static final String USAGE = """
            usage: scripts/bench-team.sh replicas [--pairs=P] [--jobs-per-pair=J] [--scenario-seconds=S]
              --pairs             pairs of simulated agents                    (default 20)
              --jobs-per-pair     one-scenario jobs queued per pair at once     (default 3)
              --scenario-seconds  each scenario's duration                      (default 1)""";
    private static final List<String> PAGES = List.of("/jobs", "/runs", "/agents", "/api/v1/jobs");
    private static final Set<String> UNFINISHED = Set.of("QUEUED", "RUNNING");

    private ReplicasBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        if (!BenchSupport.onlyOptions(args, List.of("pairs", "jobs-per-pair", "scenario-seconds"))) {
            System.err.println(USAGE);
            System.exit(1);
        }
        int pairs = BenchSupport.intOption(args, "pairs", 20);
        int perPair = BenchSupport.intOption(args, "jobs-per-pair", 3);
        int seconds = BenchSupport.intOption(args, "scenario-seconds", 1);
        System.out.println("Burstline: two servers beside one on PostgreSQL, " + LocalDate.now());
        System.out.printf(Locale.ROOT, "machine: %d cores, load average %.2f; %d simulated agent pairs, %d jobs of "
                        + "one %d s TCP scenario each%n", Runtime.getRuntime().availableProcessors(),
                BenchSupport.loadAverage(), pairs, pairs * perPair, seconds);
        Corpus outputs = Corpus.ofRealSamples(Pattern.compile("^(?!.*server-lab)"));
        double one = measure(1, pairs, perPair, seconds, outputs);
        double two = measure(2, pairs, perPair, seconds, outputs);
        System.out.printf(Locale.ROOT, "%nJobs per minute, two servers ÷ one: %.2fx; load average %.2f%n", two / one,
                BenchSupport.loadAverage());
        System.exit(0);
    }

    /** @return jobs per minute */
    private static double measure(int servers, int pairs, int perPair, int seconds, Corpus outputs) throws Exception {
        BenchDatabase database = BenchDatabase.postgres();
        Path workDir = Files.createTempDirectory("burstline-replicas-");
        String apiToken = AgentBenchmark.randomToken();
        String agentToken = AgentBenchmark.randomToken();
        List<ConfigurableApplicationContext> contexts = new ArrayList<>();
        ScheduledExecutorService timers = Executors.newScheduledThreadPool(4);
        HttpClient client = HttpClient.newBuilder().executor(Executors.newFixedThreadPool(4)).build();
        List<SimulatedPairAgent> agents = new ArrayList<>();
        try {
            List<ServerApi> apis = new ArrayList<>();
            for (int s = 0; s < servers; s++) {
                contexts.add(start(database, workDir.resolve("data-" + s), "bench-" + s, apiToken, agentToken));
                apis.add(new ServerApi("http://127.0.0.1:" + ((WebServerApplicationContext) contexts.get(s))
                        .getWebServer().getPort(), apiToken));
            }
            for (int p = 0; p < pairs; p++) {
                String server = apis.get(p % servers).base();
                for (String role : List.of("sut", "peer")) {
                    agents.add(new SimulatedPairAgent("p" + p + "-" + role, server, client, timers, outputs)
                            .register(agentToken));
                }
            }
            System.out.printf(Locale.ROOT, "%n%d server(s) on %s:%n", servers, database.name());
            try (PageProbe probe = new PageProbe(apis.get(0).another(), PAGES, 100).start("idle")) {
                Thread.sleep(10_000);
                probe.phase("jobs");
                long began = System.nanoTime();
                List<Long> ids = new ArrayList<>();
                for (int j = 0; j < pairs * perPair; j++) {
                    int pair = j % pairs;
                    ids.add(apis.get(j % servers).post("/api/v1/jobs", "{\"sut\": \"p" + pair + "-sut\", \"peer\": \"p"
                            + pair + "-peer\", \"scenarios\": [{\"protocol\": \"TCP\", \"durationSeconds\": "
                            + seconds + "}]}").get("id").longValue());
                }
                List<String> ended = awaitAll(apis.get(0), ids);
                double minutes = (System.nanoTime() - began) / 60e9;
                probe.phase(null);
                long succeeded = ended.stream().filter("SUCCEEDED"::equals).count();
                double rate = ids.size() / minutes;
                System.out.printf(Locale.ROOT, "  %d jobs in %.1f s: %.0f jobs per minute; %d succeeded; runs stored "
                        + "%d (one per job); load average %.2f%n", ids.size(), minutes * 60, rate, succeeded,
                        apis.get(0).get("/api/v1/runs?size=1").get("page").get("totalElements").longValue(),
                        BenchSupport.loadAverage());
                System.out.println("  pages on server 0, idle and while the jobs ran:");
                probe.print(List.of("idle", "jobs"));
                return rate;
            }
        } finally {
            agents.forEach(SimulatedPairAgent::close);
            timers.shutdownNow();
            contexts.forEach(ConfigurableApplicationContext::close);
            database.drop();
            BenchSupport.deleteRecursively(workDir);
        }
    }

    private static List<String> awaitAll(ServerApi api, List<Long> ids) throws Exception {
        List<String> statuses = new ArrayList<>();
        for (long id : ids) {
            while (true) {
                JsonNode job = api.get("/api/v1/jobs/" + id);
                if (!UNFINISHED.contains(job.get("status").stringValue())) {
                    statuses.add(job.get("status").stringValue());
                    break;
                }
                Thread.sleep(100);
            }
        }
        return statuses;
    }

    private static ConfigurableApplicationContext start(BenchDatabase database, Path dataDir, String serverId,
                                                        String apiToken, String agentToken) {
        List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--server.address=127.0.0.1",
                "--burstline.data-dir=" + dataDir, "--burstline.api-token=" + apiToken,
                "--burstline.agent-token=" + agentToken, "--burstline.cluster.server-id=" + serverId,
                "--spring.main.banner-mode=off", "--logging.level.root=ERROR"));
        arguments.addAll(database.arguments());
        return new SpringApplicationBuilder(BurstlineApplication.class).registerShutdownHook(false)
                .run(arguments.toArray(String[]::new));
    }
}
