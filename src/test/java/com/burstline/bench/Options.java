package com.burstline.bench;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The benchmark's size: {@code --uploads=N --clients=K --warmup=W --rounds=R} and which real outputs to use,
 * {@code --samples=REGEX}, and where, {@code --database=h2|postgres}; or {@code BENCH_UPLOADS}, {@code BENCH_CLIENTS},
 * {@code BENCH_WARMUP}, {@code BENCH_ROUNDS}, {@code BENCH_SAMPLES}, {@code BENCH_DATABASE}. Arguments win over the
 * environment.
 */
record Options(int uploads, int clients, int warmup, int rounds, Pattern samples, boolean postgres) {
    static final String USAGE = """
            usage: scripts/bench-upload.sh [--uploads=N] [--clients=K] [--warmup=W] [--rounds=R] [--samples=REGEX]
                                           [--database=h2|postgres]
              --uploads  measured uploads, each a distinct real iperf3 output   (default 2000, env BENCH_UPLOADS)
              --clients  concurrent HTTP clients, and threads for the limits   (default 4, env BENCH_CLIENTS)
              --warmup   uploads before measuring, not counted                 (default 200, env BENCH_WARMUP)
              --rounds   the N uploads are measured in R slices, the three figures
                         taken in turn on each slice                           (default 5, env BENCH_ROUNDS)
              --samples  only the files in src/test/resources/iperf3 whose name this
                         regex finds: long, or '^(?!.*long)' for all but it    (default: all, env BENCH_SAMPLES)
              --database h2 on disk, or a fresh schema on the test PostgreSQL
                         (scripts/start-test-postgres.sh)                      (default h2, env BENCH_DATABASE)""";

    static Options parse(String[] args) {
        int uploads = fromEnv("BENCH_UPLOADS", 2000);
        int clients = fromEnv("BENCH_CLIENTS", 4);
        int warmup = fromEnv("BENCH_WARMUP", 200);
        int rounds = fromEnv("BENCH_ROUNDS", 5);
        String samples = System.getenv().getOrDefault("BENCH_SAMPLES", "");
        String database = System.getenv().getOrDefault("BENCH_DATABASE", "h2");
        for (String arg : args) {
            String[] pair = arg.split("=", 2);
            if (pair.length != 2) {
                throw new IllegalArgumentException("expected --name=value, got " + arg);
            }
            switch (pair[0]) {
                case "--uploads" -> uploads = number(arg, pair[1]);
                case "--clients" -> clients = number(arg, pair[1]);
                case "--warmup" -> warmup = number(arg, pair[1]);
                case "--rounds" -> rounds = number(arg, pair[1]);
                case "--samples" -> samples = pair[1];
                case "--database" -> database = pair[1];
                default -> throw new IllegalArgumentException("unknown option " + pair[0]);
            }
        }
        if (clients < 1 || warmup < 0 || rounds < 1 || uploads < rounds) {
            throw new IllegalArgumentException("need clients >= 1, warmup >= 0, rounds >= 1 and uploads >= rounds");
        }
        if (!database.equals("h2") && !database.equals("postgres")) {
            throw new IllegalArgumentException("--database: h2 or postgres, not " + database);
        }
        return new Options(uploads, clients, warmup, rounds, regex(samples), database.equals("postgres"));
    }

    private static Pattern regex(String value) {
        try {
            return Pattern.compile(value);
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException("--samples: " + e.getDescription());
        }
    }

    private static int fromEnv(String name, int fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : number(name, value);
    }

    private static int number(String what, String value) {
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + ": not a whole number");
        }
    }
}
