package com.burstline.bench;

import com.burstline.server.BurstlineApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import javax.sql.DataSource;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Compare and report requests selecting the same 100 runs, timed over HTTP on two servers in one process: one whose
 * database holds only those runs, one whose database also holds 9,900 other runs (over a million interval rows in
 * all). Prints both and the ratio; the goal is ≤ 3×, i.e. the cost follows the runs selected, not the database.
 * A measurement, not a check. Run by {@code scripts/bench-compare.sh [--runs=N] [--selected=M] [--repeat=R]
 * [--postgres]}.
 */
public final class CompareBenchmark {
    private static final String[] REQUESTS = {
            "/api/v1/compare?groupBy=driver&driver=bench-2.10&driver=bench-2.11",
            "/api/v1/reports?groupBy=driver&driver=bench-2.10&driver=bench-2.11",
            "/api/v1/compare?groupBy=tag&tag=selected"};

    private CompareBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = BenchSupport.intOption(args, "runs", 10_000);
        int selected = BenchSupport.intOption(args, "selected", 100);
        int repeat = BenchSupport.intOption(args, "repeat", 20);
        boolean postgres = Arrays.asList(args).contains("--postgres");
        Path dataDir = Files.createTempDirectory("burstline-compare-bench-");
        BenchDatabase smallDb = postgres ? BenchDatabase.postgres() : BenchDatabase.h2(dataDir.resolve("small"));
        BenchDatabase largeDb = postgres ? BenchDatabase.postgres() : BenchDatabase.h2(dataDir.resolve("large"));
        try (ConfigurableApplicationContext small = start(dataDir.resolve("small"), smallDb);
             ConfigurableApplicationContext large = start(dataDir.resolve("large"), largeDb)) {
            BenchRuns filler = new BenchRuns();
            fillSelection(filler, small.getBean(DataSource.class), selected);
            fillSelection(filler, large.getBean(DataSource.class), selected);
            long started = System.nanoTime();
            filler.insert(large.getBean(DataSource.class), runs - selected, "bench-other", "other");
            long fillMillis = (System.nanoTime() - started) / 1_000_000;
            smallDb.analyze(small.getBean(DataSource.class));
            largeDb.analyze(large.getBean(DataSource.class));
            double[][] medians = time(baseOf(small), baseOf(large), REQUESTS, repeat);
            print(largeDb.name(), runs, selected, filler.rowsInserted(), fillMillis, repeat, medians[0], medians[1]);
        } finally {
            smallDb.drop();
            largeDb.drop();
            BenchSupport.deleteRecursively(dataDir);
        }
        System.exit(0);
    }

    private static void fillSelection(BenchRuns filler, DataSource dataSource, int selected) throws Exception {
        filler.insert(dataSource, selected / 2, "bench-2.10", "selected");
        filler.insert(dataSource, selected - selected / 2, "bench-2.11", "selected");
    }

    static String baseOf(ConfigurableApplicationContext server) {
        return "http://127.0.0.1:" + ((WebServerApplicationContext) server).getWebServer().getPort();
    }

    /**
     * Median milliseconds per request on each database, after a warm-up. The two servers answer in turn, request by
     * request, so that whatever else the machine does at the time falls on both figures alike.
     */
    static double[][] time(String small, String large, String[] requests, int repeat) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        double[][] medians = new double[2][requests.length];
        for (int r = 0; r < requests.length; r++) {
            String[] bases = {small, large};
            double[][] millis = new double[2][repeat];
            for (int i = -5; i < repeat; i++) {
                for (int b = 0; b < 2; b++) {
                    HttpRequest request = HttpRequest.newBuilder(URI.create(bases[b] + requests[r])).GET().build();
                    long start = System.nanoTime();
                    send(http, request);
                    if (i >= 0) {
                        millis[b][i] = (System.nanoTime() - start) / 1e6;
                    }
                }
            }
            for (int b = 0; b < 2; b++) {
                Arrays.sort(millis[b]);
                medians[b][r] = millis[b][repeat / 2];
            }
        }
        return medians;
    }

    private static void send(HttpClient http, HttpRequest request) throws Exception {
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException(request.uri() + " answered " + response.statusCode() + ": "
                    + response.body());
        }
    }

    private static void print(String db, int runs, int selected, long rows, long fillMillis, int repeat,
                              double[] small, double[] large) {
        System.out.printf(Locale.ROOT, "Compare and report benchmark on %s: %d runs selected; database of %d runs "
                + "beside one of %d runs (%,d interval rows, filled by JDBC batches in %.1f s); median of %d requests each%n",
                db, selected, selected, runs, rows, fillMillis / 1000.0, repeat);
        System.out.printf(Locale.ROOT, "%-72s %12s %14s %7s%n", "request", selected + " runs ms", runs + " runs ms",
                "ratio");
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < REQUESTS.length; i++) {
            lines.add(String.format(Locale.ROOT, "%-72s %12.1f %14.1f %6.2fx", REQUESTS[i], small[i], large[i],
                    large[i] / small[i]));
        }
        lines.forEach(System.out::println);
    }

    static ConfigurableApplicationContext start(Path dataDir, BenchDatabase database) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--server.address=127.0.0.1",
                "--burstline.data-dir=" + dataDir, "--spring.main.banner-mode=off", "--logging.level.root=ERROR",
                // reads as a wall display would: the benchmark measures the queries, not sign-in
                "--burstline.security.public-read=true"));
        args.addAll(database.arguments());
        return new SpringApplicationBuilder(BurstlineApplication.class).run(args.toArray(String[]::new));
    }
}
