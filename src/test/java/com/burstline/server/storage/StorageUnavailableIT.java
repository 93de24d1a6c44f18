package com.burstline.server.storage;

import com.burstline.bench.Corpus;
import com.burstline.testsupport.PrivatePostgres;
import com.burstline.testsupport.ServerJarProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A database that cannot write answers 503 "storage unavailable" (never 201, never 500), readiness says DOWN while
 * it cannot, and both recover without a restart once it can: H2 on a small tmpfs that fills up to its reserve
 * (burstline.storage.min-free-space, 4 MB here), and a PostgreSQL that is stopped and started again. Every run answered 201 on the way is there afterwards with its bytes.
 */
class StorageUnavailableIT {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** The client's own outputs: with --get-server-output the server's start repeats the cookie. */
    private static final Pattern CLIENT_OUTPUTS = Pattern.compile("^(?!.*server-lab)");
    private static final Duration RECOVERY = Duration.ofSeconds(60);
    private static final long RESERVE_MB = 4;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final Corpus corpus = Corpus.ofRealSamples(CLIENT_OUTPUTS);
    private final Map<Long, byte[]> promised = new HashMap<>();
    private final Map<Integer, Integer> answers = new TreeMap<>();

    @TempDir
    Path temp;

    @Test
    void h2OnAFullDiskAnswers503AndRecoversOnceThereIsRoomAgain() throws Exception {
        // scripts/test.sh runs as root (CI is root): a skipped test here would check nothing.
        assertThat(System.getProperty("user.name")).as("mounting a tmpfs needs root").isEqualTo("root");
        Path mount = Files.createDirectory(temp.resolve("small-disk"));
        run("mount", "-t", "tmpfs", "-o", "size=40m", "tmpfs", mount.toString());
        try {
            Path filler = mount.resolve("filler");
            List<String> reserve = List.of("--burstline.storage.min-free-space=" + RESERVE_MB + "MB");
            try (ServerJarProcess server = ServerJarProcess.start(Files.createDirectory(mount.resolve("data")), reserve)) {
                assertThat(uploadOne(server)).isEqualTo(201);
                fill(filler, Files.getFileStore(mount).getUsableSpace() - (RESERVE_MB + 3) * 1024 * 1024);
                int status = 201;
                for (int i = 0; i < 2000 && status == 201; i++) {
                    status = uploadOne(server);
                }
                assertStorageUnavailable(server, status);
                Files.delete(filler);
                awaitReadiness(server, 200);
                assertThat(uploadOne(server)).as("an upload once there is room again").isEqualTo(201);
                System.out.println("tmpfs full: answers " + answers + ", readiness DOWN while full, UP after");
                server.terminate(Duration.ofSeconds(60));
            }
            try (ServerJarProcess restarted = ServerJarProcess.start(mount.resolve("data"), reserve)) {
                assertEveryPromiseKept(restarted);
            }
        } finally {
            run("umount", "-l", mount.toString());
        }
    }

    @Test
    void postgresStoppedAnswers503AndRecoversWhenItIsBack() throws Exception {
        assertThat(PrivatePostgres.available()).as("a private PostgreSQL cluster needs root and PostgreSQL 15 "
                + "(scripts/install-prerequisites.sh installs it)").isTrue();
        try (PrivatePostgres postgres = PrivatePostgres.create();
             ServerJarProcess server = ServerJarProcess.start(temp, postgres.serverArguments())) {
            assertThat(uploadOne(server)).isEqualTo(201);
            postgres.stop();
            assertStorageUnavailable(server, uploadOne(server));
            postgres.start();
            awaitReadiness(server, 200);
            assertThat(uploadOne(server)).as("an upload once PostgreSQL is back").isEqualTo(201);
            assertEveryPromiseKept(server);
            System.out.println("PostgreSQL stopped: answers " + answers + ", readiness DOWN while stopped, UP after");
        }
    }

    private void assertStorageUnavailable(ServerJarProcess server, int status) throws Exception {
        assertThat(status).as("the answer once the database cannot write").isEqualTo(503);
        assertThat(answers.keySet()).as("answers seen").isSubsetOf(201, 503);
        HttpResponse<String> readiness = get(server, "/actuator/health/readiness");
        assertThat(readiness.statusCode()).isEqualTo(503);
        assertThat(JSON.readTree(readiness.body()).path("status").stringValue()).isEqualTo("DOWN");
        assertThat(get(server, "/actuator/health").statusCode()).isEqualTo(503);
    }

    /** Uploads one new real result; a 201 is remembered, a 503 must be the storage problem in words. */
    private int uploadOne(ServerJarProcess server) throws Exception {
        Corpus.Upload upload = corpus.next(1).get(0);
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(server.uri("/api/v1/runs"))
                .header("Authorization", "Bearer " + ServerJarProcess.TOKEN).header("Content-Type", upload.mediaType())
                .timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofByteArray(upload.content()))
                .build(), HttpResponse.BodyHandlers.ofString());
        answers.merge(answer.statusCode(), 1, Integer::sum);
        if (answer.statusCode() == 201) {
            promised.put(JSON.readTree(answer.body()).get("id").longValue(), upload.content());
        } else if (answer.statusCode() == 503) {
            JsonNode problem = JSON.readTree(answer.body());
            assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/problem+json");
            assertThat(problem.path("title").stringValue()).isEqualTo("Storage unavailable");
            assertThat(answer.headers().firstValue("Retry-After")).isPresent();
        }
        return answer.statusCode();
    }

    private void awaitReadiness(ServerJarProcess server, int wanted) throws Exception {
        Instant deadline = Instant.now().plus(RECOVERY);
        int status = get(server, "/actuator/health/readiness").statusCode();
        while (status != wanted && Instant.now().isBefore(deadline)) {
            Thread.sleep(500);
            status = get(server, "/actuator/health/readiness").statusCode();
        }
        assertThat(status).as("readiness within %s", RECOVERY).isEqualTo(wanted);
    }

    private void assertEveryPromiseKept(ServerJarProcess server) throws Exception {
        assertThat(promised).isNotEmpty();
        for (Map.Entry<Long, byte[]> promise : promised.entrySet()) {
            HttpResponse<byte[]> raw = http.send(HttpRequest.newBuilder(server.uri("/api/v1/runs/"
                    + promise.getKey() + "/raw")).header("Authorization", "Bearer " + ServerJarProcess.TOKEN).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertThat(raw.statusCode()).as("run %d", promise.getKey()).isEqualTo(200);
            assertThat(raw.body()).as("raw bytes of run %d", promise.getKey()).isEqualTo(promise.getValue());
        }
    }

    private HttpResponse<String> get(ServerJarProcess server, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(server.uri(path)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static void fill(Path file, long bytes) throws IOException {
        byte[] block = new byte[1024 * 1024];
        try (OutputStream out = Files.newOutputStream(file)) {
            for (long written = 0; written < bytes; written += block.length) {
                out.write(block, 0, (int) Math.min(block.length, bytes - written));
            }
        }
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).inheritIO().start();
        if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed");
        }
    }
}
