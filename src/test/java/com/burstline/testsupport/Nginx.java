package com.burstline.testsupport;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Debian's nginx as the reverse proxy in front of two servers, with the configuration docs/nginx/burstline.conf
 * gives operators, only its listen port and its two upstream addresses replaced by the test's. A process of its own
 * in a temporary prefix, stopped when closed.
 */
public final class Nginx implements AutoCloseable {
    private static final Path CONF = Path.of("docs/nginx/burstline.conf");
    private static final Path BINARY = Path.of("/usr/sbin/nginx");

    private final Process process;
    private final int port;

    private Nginx(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    public static boolean available() {
        return Files.isExecutable(BINARY);
    }

    public static Nginx start(Path prefix, int firstPort, int secondPort) throws IOException, InterruptedException {
        int port = TestPorts.free();
        String site = Files.readString(CONF).replace("server 10.0.0.11:8080", "server 127.0.0.1:" + firstPort)
                .replace("server 10.0.0.12:8080", "server 127.0.0.1:" + secondPort)
                .replace("listen 8080;", "listen 127.0.0.1:" + port + ";");
        Files.createDirectories(prefix.resolve("logs"));
        Files.writeString(prefix.resolve("burstline.conf"), site);
        // user root: the workers write large request bodies under the test's own (root-only) temporary prefix, where
        // Debian's nginx, run as a service, has /var/lib/nginx owned by its worker user instead.
        Files.writeString(prefix.resolve("nginx.conf"), """
                daemon off;
                user root;
                pid %1$s/nginx.pid;
                error_log %1$s/logs/error.log warn;
                events { worker_connections 256; }
                http {
                    access_log %1$s/logs/access.log;
                    client_body_temp_path %1$s/body;
                    proxy_temp_path %1$s/proxy;
                    include %1$s/burstline.conf;
                }
                """.formatted(prefix.toAbsolutePath()));
        Process process = new ProcessBuilder(List.of(BINARY.toString(), "-p", prefix.toAbsolutePath().toString(),
                "-c", prefix.resolve("nginx.conf").toAbsolutePath().toString())).redirectErrorStream(true)
                .redirectOutput(prefix.resolve("logs/stdout.log").toFile()).start();
        Nginx nginx = new Nginx(process, port);
        nginx.awaitListening(Duration.ofSeconds(20));
        return nginx;
    }

    public String base() {
        return "http://127.0.0.1:" + port;
    }

    private void awaitListening(Duration patience) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(patience);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("nginx ended with " + process.exitValue());
            }
            try (Socket ignored = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new IllegalStateException("nginx did not listen within " + patience);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        process.waitFor();
    }
}
