package com.burstline.server.run;

import com.burstline.bench.Corpus;
import com.burstline.testsupport.ServerJarProcess;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * K clients uploading distinct real iperf3 results as fast as the server answers, each on its own keep-alive
 * connection. It keeps every answer of 201 (id → the bytes sent), so that a test can check each one after a crash.
 */
final class UploadStorm implements AutoCloseable {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final List<Corpus.Upload> uploads;
    private final ServerJarProcess server;
    private final AtomicInteger next = new AtomicInteger();
    private final Map<Long, byte[]> acknowledged = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
    /** The first answer's body per status other than 201, so that a failure says what the server said. */
    private final Map<Integer, String> firstBodies = new ConcurrentHashMap<>();
    private final AtomicInteger reusedIds = new AtomicInteger();
    private final AtomicInteger failedRequests = new AtomicInteger();
    private final java.util.Queue<Long> answerNanos = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final ExecutorService clients;

    UploadStorm(ServerJarProcess server, List<Corpus.Upload> uploads, int clientCount) {
        this.server = server;
        this.uploads = uploads;
        this.clients = Executors.newFixedThreadPool(clientCount);
        for (int i = 0; i < clientCount; i++) {
            clients.submit(this::client);
        }
    }

    /** Waits until at least {@code count} uploads were answered 201 (or the uploads ran out). */
    void awaitAcknowledged(int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (acknowledged.size() < count && next.get() < uploads.size() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
    }

    Map<Long, byte[]> acknowledged() {
        return Map.copyOf(acknowledged);
    }

    Map<Integer, AtomicInteger> statuses() {
        return statuses;
    }

    Map<Integer, String> firstBodies() {
        return firstBodies;
    }

    /** 201 answers that gave an id already answered for other bytes during this storm. */
    int reusedIds() {
        return reusedIds.get();
    }

    int failedRequests() {
        return failedRequests.get();
    }

    /** How long each answered request took, from sending to the whole answer. */
    List<Long> answerNanos() {
        return List.copyOf(answerNanos);
    }

    private void client() {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();
        int item;
        while ((item = next.getAndIncrement()) < uploads.size() && !clients.isShutdown()) {
            Corpus.Upload upload = uploads.get(item);
            try {
                long sent = System.nanoTime();
                HttpResponse<String> answer = http.send(HttpRequest.newBuilder(server.uri("/api/v1/runs?tag=storm"))
                        .header("Authorization", "Bearer " + ServerJarProcess.TOKEN)
                        .header("Content-Type", upload.mediaType()).timeout(Duration.ofSeconds(30))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(upload.content())).build(),
                        HttpResponse.BodyHandlers.ofString());
                answerNanos.add(System.nanoTime() - sent);
                statuses.computeIfAbsent(answer.statusCode(), status -> new AtomicInteger()).incrementAndGet();
                if (answer.statusCode() != 201) {
                    firstBodies.putIfAbsent(answer.statusCode(), answer.body());
                }
                if (answer.statusCode() == 201) {
                    long id = JSON.readTree(answer.body()).get("id").longValue();
                    if (acknowledged.putIfAbsent(id, upload.content()) != null) {
                        reusedIds.incrementAndGet();
                    }
                }
            } catch (Exception connectionLost) {
                failedRequests.incrementAndGet(); // the server was killed under this request: no answer, no promise
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        clients.shutdown();
        if (!clients.awaitTermination(60, TimeUnit.SECONDS)) {
            clients.shutdownNow();
        }
    }
}
