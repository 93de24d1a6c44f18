package com.burstline.bench;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

/** Prints what was measured: the machine, the size, each figure, and the ratios between figures of this one run. */
final class BenchReport {
    private static final double GOAL = 0.5;

    private BenchReport() {
    }

    static void header(Options options, int samples, List<Corpus.Upload> measured, BenchDatabase database) {
        Runtime runtime = Runtime.getRuntime();
        double rowsPerUpload = measured.stream().mapToInt(Corpus.Upload::rows).average().orElse(0);
        System.out.println("Burstline upload benchmark, " + LocalDate.now());
        System.out.printf(Locale.ROOT, "machine: %d cores, %s %s, max heap %.1f GiB, %s %s, load average %.2f%n",
                runtime.availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.version"), runtime.maxMemory() / (double) (1L << 30),
                System.getProperty("os.name"), System.getProperty("os.arch"), BenchSupport.loadAverage());
        System.out.println("server: the real one, in this JVM, 127.0.0.1 only; database: " + database.name()
                + "; the JDBC limits write to the same database through the server's own connection pool");
        String filter = options.samples().pattern().isEmpty() ? "" : " (names matching " + options.samples() + ")";
        System.out.println("corpus: " + samples + " " + Corpus.DESCRIPTION + filter);
        System.out.printf(Locale.ROOT, "size: N=%d measured uploads in %d rounds after %d warm-up uploads, "
                + "K=%d clients/threads, %.1f interval rows per upload%n", options.uploads(), options.rounds(),
                options.warmup(), options.clients(), rowsPerUpload);
        System.out.println("each round: JDBC batch (1, then K results per commit), then every row of an upload by "
                + "JDBC, then end-to-end by the JDK's "
                + "HttpClient, then end-to-end by socket clients (the same outputs, other cookies), then the import without HTTP (other cookies again), then parse-only");
    }

    static void table(int clients, List<Figures> rounds) {
        Figures total = rounds.stream().reduce(Figures::plus).orElseThrow();
        System.out.println();
        System.out.printf("%-66s %8s %10s %10s %12s%n", "figure (K=" + clients + " clients/threads each)", "seconds",
                "results/s", "rows/s", "CPU ms/result");
        row("end-to-end: HTTP POST /api/v1/runs, K JDK HttpClients", total, total.endToEnd());
        row("end-to-end, socket clients: the same, pre-built HTTP/1.1 bytes", total, total.sockets());
        row("import only: RunImporter.importRun in process, no HTTP", total, total.importOnly());
        row("parse-only: Iperf3OutputParser.parse of the same bytes", total, total.parseOnly());
        row("JDBC batch: same rows, run_interval, batch 500, 1 tx per result", total, total.jdbcBatch());
        row("JDBC batch, grouped: the same, K results per tx (group commit)", total, total.jdbcGrouped());
        row("JDBC, whole upload: run row, tag, raw bytes, intervals, 1 tx each", total, total.jdbcWholeUpload());
        System.out.println();
        cpuSplit(total);
        System.out.println();
        double vsJdbc = total.vsJdbc();
        System.out.printf(Locale.ROOT, "end-to-end rows/s / JDBC-batch rows/s        = %.2f  (goal >= %.1f: %s)%n",
                vsJdbc, GOAL, vsJdbc >= GOAL ? "reached" : "NOT reached");
        double vsSockets = total.socketsVsJdbc();
        System.out.printf(Locale.ROOT, "  the same with socket clients               = %.2f  (goal >= %.1f: %s; "
                + "by CPU, the server's, JIT and GC threads against the JDBC process: %.2f)%n", vsSockets, GOAL,
                vsSockets >= GOAL ? "reached" : "NOT reached", total.serverVsJdbcByCpu());
        double vsGrouped = total.vsJdbcGrouped();
        System.out.printf(Locale.ROOT, "end-to-end rows/s / grouped JDBC-batch rows/s = %.2f  (the same limit with "
                + "commits shared as the service shares them: %s)%n", vsGrouped, vsGrouped >= GOAL ? "reached"
                : "NOT reached");
        System.out.printf(Locale.ROOT, "whole-upload JDBC rows/s / JDBC-batch rows/s  = %.2f  (what the schema alone "
                + "allows: everything an upload stores against its interval rows; per round %s)%n",
                total.wholeUploadVsJdbc(), perRound(rounds, Figures::wholeUploadVsJdbc));
        System.out.printf(Locale.ROOT, "end-to-end rows/s / whole-upload JDBC rows/s  = %.2f  (the service's own cost: "
                + "HTTP, checks, parsing; socket clients %.2f; per round %s)%n", total.vsWholeUpload(),
                total.socketsVsWholeUpload(), perRound(rounds, Figures::vsWholeUpload));
        System.out.printf(Locale.ROOT, "  of which import only / whole-upload JDBC    = %.2f  (checks, parsing and the "
                + "service's own transaction and SQL), socket clients / import only = %.2f  (the web stack)%n",
                total.importVsWholeUpload(), total.socketsVsImport());
        System.out.printf(Locale.ROOT, "end-to-end uploads/s / parse-only results/s  = %.2f  (parse-only is %.1fx "
                + "end-to-end)%n", total.vsParse(), 1 / total.vsParse());
        System.out.printf(Locale.ROOT, "the same by CPU time per result                = %.2f  (steadier when other work"
                + " shares the cores; end-to-end CPU includes the in-process HTTP clients)%n", total.vsJdbcByCpu());
        System.out.printf(Locale.ROOT, "end-to-end / JDBC batch per round: %s; / grouped: %s; socket clients / JDBC "
                + "batch: %s; load average at the end %.2f%n", perRound(rounds, Figures::vsJdbc),
                perRound(rounds, Figures::vsJdbcGrouped), perRound(rounds, Figures::socketsVsJdbc),
                BenchSupport.loadAverage());
    }

    /** Where each end-to-end row's CPU went: the server's request threads, the JVM's own, the clients (the rest). */
    private static void cpuSplit(Figures total) {
        System.out.printf("%-66s %12s %12s %12s %12s%n", "CPU ms/result by thread", "server", "JIT", "GC",
                "clients+rest");
        for (var row : List.of(java.util.Map.entry("end-to-end, JDK HttpClients", total.endToEnd()),
                java.util.Map.entry("end-to-end, socket clients", total.sockets()),
                java.util.Map.entry("import only (its threads are the rest)", total.importOnly()),
                java.util.Map.entry("JDBC batch, 1 tx per result (its threads are the rest)", total.jdbcBatch()),
                java.util.Map.entry("JDBC, whole upload (its threads are the rest)", total.jdbcWholeUpload()))) {
            Timing timing = row.getValue();
            System.out.printf(Locale.ROOT, "%-66s %12.3f %12.3f %12.3f %12.3f%n", row.getKey(),
                    timing.threads().serverNanos() / 1e6 / total.results(),
                    timing.threads().jitNanos() / 1e6 / total.results(),
                    timing.threads().gcNanos() / 1e6 / total.results(), timing.restNanos() / 1e6 / total.results());
        }
    }

    private static String perRound(List<Figures> rounds, java.util.function.ToDoubleFunction<Figures> ratio) {
        return String.join(" ", rounds.stream().map(r -> String.format(Locale.ROOT, "%.2f", ratio.applyAsDouble(r)))
                .toList());
    }

    private static void row(String name, Figures figures, Timing timing) {
        double seconds = timing.wallNanos() / 1e9;
        System.out.printf(Locale.ROOT, "%-66s %8.2f %10.0f %10.0f %12.3f%n", name, seconds,
                figures.results() / seconds, figures.rows() / seconds, timing.cpuNanos() / 1e6 / figures.results());
    }

    /** Every phase handles the same results and rows, so only the time differs between them. */
    record Figures(int results, long rows, Timing endToEnd, Timing sockets, Timing importOnly, Timing parseOnly,
                   Timing jdbcBatch, Timing jdbcGrouped, Timing jdbcWholeUpload) {
        Figures plus(Figures other) {
            return new Figures(results + other.results, rows + other.rows, endToEnd.plus(other.endToEnd),
                    sockets.plus(other.sockets), importOnly.plus(other.importOnly), parseOnly.plus(other.parseOnly), jdbcBatch.plus(other.jdbcBatch),
                    jdbcGrouped.plus(other.jdbcGrouped), jdbcWholeUpload.plus(other.jdbcWholeUpload));
        }

        /** The service against the database's cost of everything an upload stores. */
        double vsWholeUpload() {
            return (double) jdbcWholeUpload.wallNanos() / endToEnd.wallNanos();
        }

        double socketsVsWholeUpload() {
            return (double) jdbcWholeUpload.wallNanos() / sockets.wallNanos();
        }

        /** The import alone against the database's cost of what it stores: checks, parsing, the service's SQL. */
        double importVsWholeUpload() {
            return (double) jdbcWholeUpload.wallNanos() / importOnly.wallNanos();
        }

        /** The web stack's share: the import's rate against the same import behind HTTP (socket clients). */
        double socketsVsImport() {
            return (double) importOnly.wallNanos() / sockets.wallNanos();
        }

        /** The schema's share of the gap: everything an upload stores against its interval rows alone. */
        double wholeUploadVsJdbc() {
            return (double) jdbcBatch.wallNanos() / jdbcWholeUpload.wallNanos();
        }

        double socketsVsJdbc() {
            return (double) jdbcBatch.wallNanos() / sockets.wallNanos();
        }

        /** The server's cost alone: its request threads and the JVM's, the socket clients' threads left out. */
        double serverVsJdbcByCpu() {
            return (double) jdbcBatch.cpuNanos() / (sockets.threads().serverNanos() + sockets.threads().jvmNanos());
        }

        double vsJdbcGrouped() {
            return (double) jdbcGrouped.wallNanos() / endToEnd.wallNanos();
        }

        /** Same rows in both, so the ratio of rates is the inverse ratio of wall times. */
        double vsJdbc() {
            return (double) jdbcBatch.wallNanos() / endToEnd.wallNanos();
        }

        double vsJdbcByCpu() {
            return (double) jdbcBatch.cpuNanos() / endToEnd.cpuNanos();
        }

        double vsParse() {
            return (double) parseOnly.wallNanos() / endToEnd.wallNanos();
        }
    }
}
