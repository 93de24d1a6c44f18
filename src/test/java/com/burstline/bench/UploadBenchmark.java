package com.burstline.bench;

import com.burstline.server.BurstlineApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Upload throughput, measured beside its two limits in one run on one database: how fast the service stores real
 * iperf3 results sent over HTTP, how fast the same bytes parse, and how fast the same interval rows go in by plain
 * JDBC batches (H2 on disk by default, or PostgreSQL). A measurement, not a check: it prints figures and ratios and
 * never fails on speed.
 * Run by {@code scripts/bench-upload.sh}.
 */
public final class UploadBenchmark {
    private UploadBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(Options.USAGE);
            System.exit(1);
            return;
        }
        Path dataDir = Files.createTempDirectory("burstline-bench-");
        try {
            run(options, dataDir);
        } finally {
            BenchSupport.deleteRecursively(dataDir);
        }
        System.exit(0); // HTTP client and pool threads may linger; the benchmark must end by itself
    }

    /**
     * The measured uploads go in rounds, each taking the three figures in turn, so that a change in what else runs
     * on the machine falls on all three figures alike rather than on one of them.
     */
    private static void run(Options options, Path dataDir) throws Exception {
        Corpus corpus = Corpus.ofRealSamples(options.samples());
        List<Corpus.Upload> warmup = corpus.next(options.warmup());
        List<Corpus.Upload> warmupTwins = corpus.next(options.warmup());
        List<Corpus.Upload> warmupDirect = corpus.next(options.warmup());
        List<Corpus.Upload> measured = corpus.next(options.uploads());
        List<Corpus.Upload> twins = corpus.next(options.uploads()); // same samples in the same order, other cookies
        List<Corpus.Upload> directs = corpus.next(options.uploads()); // and once more, for the import without HTTP
        BenchDatabase database = options.postgres() ? BenchDatabase.postgres() : BenchDatabase.h2(dataDir);
        BenchReport.header(options, corpus.sampleCount(), measured, database);
        String token = HexFormat.of().formatHex(new SecureRandom().generateSeed(16));
        try (ConfigurableApplicationContext server = start(dataDir, token, database)) {
            Phases phases = new Phases(server, token, options.clients());
            if (!warmup.isEmpty()) {
                phases.measure(warmup, warmupTwins, warmupDirect);
            }
            List<BenchReport.Figures> rounds = new ArrayList<>();
            List<List<Corpus.Upload>> twinSlices = slices(twins, options.rounds());
            List<List<Corpus.Upload>> directSlices = slices(directs, options.rounds());
            List<List<Corpus.Upload>> slices = slices(measured, options.rounds());
            for (int round = 0; round < slices.size(); round++) {
                rounds.add(phases.measure(slices.get(round), twinSlices.get(round), directSlices.get(round)));
            }
            BenchReport.table(options.clients(), rounds);
        } finally {
            database.drop();
        }
    }

    /** Settings as command-line arguments: those outrank application.properties, builder properties do not. */
    private static ConfigurableApplicationContext start(Path dataDir, String token, BenchDatabase database) {
        List<String> arguments = new ArrayList<>(List.of(
                "--server.port=0",
                "--server.address=127.0.0.1",
                "--burstline.data-dir=" + dataDir,
                "--burstline.api-token=" + token,
                "--spring.main.banner-mode=off",
                "--logging.level.root=ERROR"));
        arguments.addAll(database.arguments());
        return new SpringApplicationBuilder(BurstlineApplication.class).run(arguments.toArray(String[]::new));
    }

    private static List<List<Corpus.Upload>> slices(List<Corpus.Upload> uploads, int count) {
        List<List<Corpus.Upload>> slices = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            slices.add(uploads.subList(uploads.size() * i / count, uploads.size() * (i + 1) / count));
        }
        return slices;
    }
}
