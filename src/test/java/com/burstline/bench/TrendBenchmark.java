package com.burstline.bench;

import org.springframework.context.ConfigurableApplicationContext;

import javax.sql.DataSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;

/**
 * Trend requests over one pair's history of one scenario, timed over HTTP on two servers in one process: one whose
 * database holds a history of 1,000 runs, one of 10,000 (each run with its interval rows, as the compare benchmark
 * fills them). Prints both and the ratio, for the whole history and for the default window (the newest 1,000). A
 * measurement, not a check. Run by {@code scripts/bench-compare.sh --trend [--runs=N] [--small=M] [--repeat=R]
 * [--postgres]}.
 */
public final class TrendBenchmark {
    private static final String SERIES = "/api/v1/trends?sut=bench-trend&peer=bench-peer&protocol=TCP"
            + "&direction=upload&streams=1";

    private TrendBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int runs = BenchSupport.intOption(args, "runs", 10_000);
        int small = BenchSupport.intOption(args, "small", 1_000);
        int repeat = BenchSupport.intOption(args, "repeat", 11);
        boolean postgres = Arrays.asList(args).contains("--postgres");
        String[] requests = {SERIES + "&last=" + runs, SERIES};
        Path dataDir = Files.createTempDirectory("burstline-trend-bench-");
        BenchDatabase smallDb = postgres ? BenchDatabase.postgres() : BenchDatabase.h2(dataDir.resolve("small"));
        BenchDatabase largeDb = postgres ? BenchDatabase.postgres() : BenchDatabase.h2(dataDir.resolve("large"));
        try (ConfigurableApplicationContext smallServer = CompareBenchmark.start(dataDir.resolve("small"), smallDb);
             ConfigurableApplicationContext largeServer = CompareBenchmark.start(dataDir.resolve("large"), largeDb)) {
            BenchRuns filler = new BenchRuns();
            Instant from = Instant.parse("2025-01-01T00:00:00Z");
            filler.insertSeries(smallServer.getBean(DataSource.class), small, "bench-trend", from);
            long started = System.nanoTime();
            filler.insertSeries(largeServer.getBean(DataSource.class), runs, "bench-trend", from);
            long fillMillis = (System.nanoTime() - started) / 1_000_000;
            smallDb.analyze(smallServer.getBean(DataSource.class));
            largeDb.analyze(largeServer.getBean(DataSource.class));
            double[][] medians = CompareBenchmark.time(CompareBenchmark.baseOf(smallServer),
                    CompareBenchmark.baseOf(largeServer), requests, repeat);
            System.out.printf(Locale.ROOT, "Trend benchmark on %s: one pair's TCP 1 stream upload history of %d runs "
                    + "beside one of %d runs (%,d interval rows in all, the larger filled in %.1f s); median of %d "
                    + "requests each%n", largeDb.name(), small, runs, filler.rowsInserted(), fillMillis / 1000.0,
                    repeat);
            System.out.printf(Locale.ROOT, "%-100s %10s %10s %7s%n", "request", small + " ms", runs + " ms", "ratio");
            for (int i = 0; i < requests.length; i++) {
                System.out.printf(Locale.ROOT, "%-100s %10.1f %10.1f %6.2fx%n", requests[i], medians[0][i],
                        medians[1][i], medians[1][i] / medians[0][i]);
            }
        } finally {
            smallDb.drop();
            largeDb.drop();
            BenchSupport.deleteRecursively(dataDir);
        }
        System.exit(0);
    }
}
