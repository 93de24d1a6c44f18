package com.burstline.server.run;

import com.burstline.bench.Corpus;
import com.burstline.testsupport.ServerJarProcess;
import org.springframework.util.FileSystemUtils;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The reliability report of {@code scripts/bench-upload.sh}: the real server jar (H2 on disk, the durable default)
 * given the hostile corpus class by class, killed with SIGKILL mid-storm and restarted, stormed for throughput and
 * latency, and held by slow clients ({@link SlowClientCapacity}). It prints what was tried and what came out; it
 * never fails on figures. Needs target/burstline.jar and target/burstline-agent.jar.
 */
public final class ReliabilityReport {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int CLIENTS = 8;
    private static final int ACKNOWLEDGED_BEFORE_KILL = 150;

    private ReliabilityReport() {
    }

    /** @param args the kill -9 rounds (default 2), then which parts (default all): hostile crash storm slow */
    public static void main(String[] args) throws Exception {
        int kills = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        List<String> parts = args.length > 1 ? List.of(args).subList(1, args.length)
                : List.of("hostile", "crash", "storm", "slow");
        Path work = Files.createTempDirectory("burstline-reliability-");
        System.out.printf("%n== Reliability report (server jar, H2 on disk, durable default; %d clients) ==%n", CLIENTS);
        try {
            Corpus corpus = Corpus.ofRealSamples(Pattern.compile(""));
            if (parts.contains("hostile")) {
                hostileInputs(Files.createDirectory(work.resolve("hostile")));
            }
            if (parts.contains("crash")) {
                crashes(Files.createDirectory(work.resolve("crash")), corpus, kills);
            }
            if (parts.contains("storm")) {
                storm(Files.createDirectory(work.resolve("storm")), corpus);
            }
            if (parts.contains("slow")) {
                SlowClientCapacity.server(Files.createDirectory(work.resolve("slow-server")));
                SlowClientCapacity.agent(Files.createDirectory(work.resolve("slow-agent")));
            }
        } finally {
            FileSystemUtils.deleteRecursively(work);
        }
        System.exit(0); // HTTP client threads may linger
    }

    private static void hostileInputs(Path dataDir) throws Exception {
        try (ServerJarProcess server = ServerJarProcess.start(dataDir, List.of())) {
            ApiClient api = new ApiClient(server.port(), ServerJarProcess.TOKEN);
            long before = runsStored(api);
            System.out.println("\ninputs tried: the generated hostile corpus, each body one real output broken one way");
            System.out.printf("  %-44s %6s  %-28s %s%n", "class", "bodies", "answers", "5xx");
            int total = 0;
            int serverErrors = 0;
            for (Map.Entry<String, List<HostileCorpus.Body>> kind : HostileCorpus.byClass().entrySet()) {
                Map<Integer, Integer> statuses = new TreeMap<>();
                kind.getValue().forEach(body -> statuses.merge(send(api, body), 1, Integer::sum));
                int errors = statuses.entrySet().stream().filter(e -> e.getKey() >= 500).mapToInt(Map.Entry::getValue)
                        .sum();
                System.out.printf("  %-44s %6d  %-28s %d%n", kind.getKey(), kind.getValue().size(), statuses, errors);
                total += kind.getValue().size();
                serverErrors += errors;
            }
            long after = runsStored(api);
            System.out.printf("  all: %d bodies, %d answered 5xx, runs stored by them: %d%n", total, serverErrors,
                    after - before);
        }
    }

    private static int send(ApiClient api, HostileCorpus.Body body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(api.uri("/api/v1/runs"))
                .header("Authorization", "Bearer " + ServerJarProcess.TOKEN).header("Content-Type", body.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(body.content()));
        if (body.contentEncoding() != null) {
            request.header("Content-Encoding", body.contentEncoding());
        }
        return api.send(request).statusCode();
    }

    /** Each round: a storm, SIGKILL once 150 were answered 201, a restart, and every acknowledged run read back. */
    private static void crashes(Path dataDir, Corpus corpus, int rounds) throws Exception {
        System.out.printf("%nfaults injected: kill -9 once %d uploads were answered 201, then a restart%n",
                ACKNOWLEDGED_BEFORE_KILL);
        for (int round = 1; round <= rounds; round++) {
            Map<Long, byte[]> acknowledged;
            UploadStorm storm;
            try (ServerJarProcess server = ServerJarProcess.start(dataDir, List.of())) {
                storm = new UploadStorm(server, corpus.next(4 * ACKNOWLEDGED_BEFORE_KILL), CLIENTS);
                storm.awaitAcknowledged(ACKNOWLEDGED_BEFORE_KILL, Duration.ofMinutes(3));
                server.kill();
                storm.close();
                acknowledged = storm.acknowledged();
            }
            try (ServerJarProcess server = ServerJarProcess.start(dataDir, List.of())) {
                int present = presentWithTheSameBytes(new ApiClient(server.port(), ServerJarProcess.TOKEN), acknowledged);
                System.out.printf("  round %d: answered 201 %d, present after restart with identical bytes %d, "
                                + "ids given twice %d, requests cut by the kill %d, answers %s%n", round,
                        acknowledged.size(), present, storm.reusedIds(), storm.failedRequests(), storm.statuses());
            }
        }
    }

    private static int presentWithTheSameBytes(ApiClient api, Map<Long, byte[]> acknowledged) {
        int present = 0;
        for (Map.Entry<Long, byte[]> run : acknowledged.entrySet()) {
            HttpResponse<byte[]> raw = api.getBytes("/api/v1/runs/" + run.getKey() + "/raw");
            present += raw.statusCode() == 200 && Arrays.equals(raw.body(), run.getValue()) ? 1 : 0;
        }
        return present;
    }

    private static void storm(Path dataDir, Corpus corpus) throws Exception {
        int uploads = 400;
        try (ServerJarProcess server = ServerJarProcess.start(dataDir, List.of())) {
            long started = System.nanoTime();
            UploadStorm storm = new UploadStorm(server, corpus.next(uploads), CLIENTS);
            storm.awaitAcknowledged(uploads, Duration.ofMinutes(5));
            storm.close(); // the last requests in flight finish first
            double seconds = (System.nanoTime() - started) / 1e9;
            List<Long> nanos = storm.answerNanos().stream().sorted().toList();
            System.out.printf("%nstorm: %d distinct real uploads from %d clients: %.0f uploads/s; answer time "
                            + "p50 %.0f ms, p99 %.0f ms, max %.0f ms; answers %s%n", uploads, CLIENTS,
                    storm.acknowledged().size() / seconds, percentile(nanos, 0.50), percentile(nanos, 0.99),
                    percentile(nanos, 1.0), storm.statuses());
        }
    }

    static double percentile(List<Long> sortedNanos, double fraction) {
        if (sortedNanos.isEmpty()) {
            return Double.NaN;
        }
        int index = (int) Math.ceil(fraction * sortedNanos.size()) - 1;
        return sortedNanos.get(Math.max(0, index)) / 1e6;
    }

    private static long runsStored(ApiClient api) throws Exception {
        HttpResponse<String> page = api.get("/api/v1/runs?size=1");
        return JSON.readTree(page.body()).get("page").get("totalElements").longValue();
    }
}
