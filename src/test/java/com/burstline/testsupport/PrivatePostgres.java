package com.burstline.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A PostgreSQL cluster of the test's own (initdb in a temp dir, its own port on 127.0.0.1), so that a test may stop
 * and start it without disturbing the shared test cluster other tests use. Needs root: the cluster runs as the
 * {@code postgres} user, as Debian's packages install it.
 */
public final class PrivatePostgres implements AutoCloseable {
    private static final Path BIN = Path.of("/usr/lib/postgresql/15/bin");

    private final Path dataDir;
    private final int port;

    private PrivatePostgres(Path dataDir, int port) {
        this.dataDir = dataDir;
        this.port = port;
    }

    public static boolean available() {
        return "root".equals(System.getProperty("user.name")) && Files.isExecutable(BIN.resolve("initdb"));
    }

    public static PrivatePostgres create() throws IOException, InterruptedException {
        Path parent = Files.createTempDirectory("burstline-pg");
        Path dataDir = parent.resolve("data");
        run(List.of("chown", "postgres", parent.toString()));
        asPostgres(BIN.resolve("initdb") + " -D " + dataDir + " -U burstline -A trust -E UTF8");
        PrivatePostgres postgres = new PrivatePostgres(dataDir, TestPorts.free());
        postgres.start();
        return postgres;
    }

    public List<String> serverArguments() {
        return List.of("--spring.profiles.active=postgres",
                "--spring.datasource.url=jdbc:postgresql://127.0.0.1:" + port + "/postgres",
                "--spring.datasource.username=burstline", "--spring.datasource.password=unused-with-trust");
    }

    public void start() throws IOException, InterruptedException {
        asPostgres(BIN.resolve("pg_ctl") + " -D " + dataDir + " -l " + dataDir.getParent().resolve("log")
                + " -w -o \"-p " + port + " -k " + dataDir.getParent() + " -c listen_addresses=127.0.0.1\" start");
    }

    /** A fast shutdown: open connections are cut, as when the database host goes away. */
    public void stop() throws IOException, InterruptedException {
        asPostgres(BIN.resolve("pg_ctl") + " -D " + dataDir + " -w -m fast stop");
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (Files.exists(dataDir.resolve("postmaster.pid"))) {
            stop();
        }
        run(List.of("rm", "-rf", dataDir.getParent().toString()));
    }

    /** The arguments are this class's own paths and numbers, never input from outside the test. */
    private static void asPostgres(String command) throws IOException, InterruptedException {
        run(List.of("su", "postgres", "-c", command));
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
        }
    }

}
