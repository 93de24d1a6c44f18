package com.burstline.testsupport;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The real server as users run it: {@code java -jar target/burstline.jar} in a process of its own, on 127.0.0.1, so
 * that a test can kill it with SIGKILL (nothing in the JVM runs: no shutdown hook, no flush) and start it again.
 */
public final class ServerJarProcess implements AutoCloseable {
    public static final String TOKEN = "durability-test-token-0123456789";
    private static final Path JAR = Path.of("target/burstline.jar");

    private final Process process;
    private final int port;
    private final Path log;

    private ServerJarProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** Starts the server on the data dir with the extra arguments and waits until readiness says UP. */
    public static ServerJarProcess start(Path dataDir, List<String> arguments) throws IOException {
        return start(dataDir, List.of(), "127.0.0.1", arguments);
    }

    /**
     * The same with options for the server's JVM (e.g. {@code -Djdk.net.hosts.file=...}) and the address it listens
     * on ({@code 0.0.0.0} for agents in network namespaces).
     */
    public static ServerJarProcess start(Path dataDir, List<String> jvmOptions, String address, List<String> arguments)
            throws IOException {
        return start(dataDir, TestPorts.free(), TOKEN, jvmOptions, address, arguments);
    }

    /**
     * As {@link #start(Path, List)} on a port of the caller's (a restart on the same port is found again by agents
     * that know only its address) with the caller's API token.
     */
    public static ServerJarProcess start(Path dataDir, int port, String apiToken, List<String> arguments)
            throws IOException {
        return start(dataDir, port, apiToken, List.of(), "127.0.0.1", arguments);
    }

    private static ServerJarProcess start(Path dataDir, int port, String apiToken, List<String> jvmOptions,
                                          String address, List<String> arguments)
            throws IOException {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException(JAR + " is missing: mvn -DskipTests package builds it");
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx384m", "-XX:TieredStopAtLevel=1"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", JAR.toString(),
                "--server.address=" + address, "--server.port=" + port, "--burstline.data-dir=" + dataDir,
                "--burstline.api-token=" + apiToken, "--burstline.agents.tls.port=0"));
        command.addAll(arguments);
        Path log = dataDir.resolve("server-" + Instant.now().toEpochMilli() + ".log");
        Files.createDirectories(dataDir);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        ServerJarProcess server = new ServerJarProcess(process, port, log);
        server.awaitReady(Duration.ofSeconds(180));
        return server;
    }

    /** What the server logged so far. */
    public String log() throws IOException {
        return Files.readString(log);
    }

    public String base() {
        return "http://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    public URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /** SIGKILL: the process ends at once, whatever it was doing. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** SIGTERM, then the time the process took to end; a process still running after {@code patience} fails. */
    public Duration terminate(Duration patience) throws InterruptedException {
        Instant asked = Instant.now();
        process.destroy();
        if (!process.waitFor(patience.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("the server was still running " + patience + " after SIGTERM");
        }
        return Duration.between(asked, Instant.now());
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            kill();
        }
    }

    private void awaitReady(Duration timeout) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Instant deadline = Instant.now().plus(timeout);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server process ended with " + process.exitValue());
            }
            try {
                HttpResponse<String> ready = client.send(HttpRequest.newBuilder(uri("/actuator/health/readiness"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                if (ready.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(200);
        }
        process.destroyForcibly();
        throw new IllegalStateException("the server was not ready within " + timeout);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
