package com.burstline.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * K clients uploading distinct real iperf3 results, as fast as the server answers, until a deadline: each its own
 * HTTP client and keep-alive connection, like K agents or scripts. Every answer is counted by status; anything but
 * 201 and any request without an answer is an error. Unlike {@link HttpUploads} it runs for a time, not a count, and
 * keeps going after an error so that the errors are counted rather than fatal.
 */
final class LoadedUploads {
    private final URI endpoint;
    private final String authorization;
    private final Corpus corpus;
    private final ConcurrentLinkedQueue<Long> answerNanos = new ConcurrentLinkedQueue<>();
    private final Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
    private final AtomicInteger unanswered = new AtomicInteger();
    private final AtomicLong rows = new AtomicLong();
    private final Map<String, String> firstErrors = new ConcurrentHashMap<>();

    LoadedUploads(String base, String authorization, Corpus corpus) {
        this.endpoint = URI.create(base + "/api/v1/runs" + HttpUploads.QUERY.replace("tag=bench", "tag=storm"));
        this.authorization = authorization;
        this.corpus = corpus;
    }

    /** Runs {@code clients} until {@code duration} has passed; returns the wall-clock nanoseconds it took. */
    long run(int clients, Duration duration) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        long started = System.nanoTime();
        long deadline = started + duration.toNanos();
        for (int i = 0; i < clients; i++) {
            Thread thread = new Thread(() -> client(deadline), "bench-upload-" + i);
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        return System.nanoTime() - started;
    }

    /** Uploads {@code count} results from {@code clients} clients, not timed: the data a dashboard already shows. */
    void seed(int count, int clients) throws InterruptedException {
        AtomicInteger left = new AtomicInteger(count);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            Thread thread = new Thread(() -> {
                HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
                while (left.getAndDecrement() > 0) {
                    send(http);
                }
            }, "bench-seed-" + i);
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        answerNanos.clear();
        statuses.clear();
        rows.set(0);
    }

    private void client(long deadline) {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        while (System.nanoTime() < deadline) {
            send(http);
        }
    }

    private void send(HttpClient http) {
        Corpus.Upload upload;
        synchronized (corpus) {
            upload = corpus.next(1).get(0);
        }
        HttpRequest request = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(60))
                .header("Authorization", authorization).header("Content-Type", upload.mediaType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(upload.content())).build();
        long sent = System.nanoTime();
        try {
            HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            answerNanos.add(System.nanoTime() - sent);
            statuses.computeIfAbsent(answer.statusCode(), status -> new AtomicInteger()).incrementAndGet();
            if (answer.statusCode() == 201) {
                rows.addAndGet(upload.rows());
            } else {
                firstErrors.putIfAbsent("HTTP " + answer.statusCode(), answer.body());
            }
        } catch (Exception e) {
            unanswered.incrementAndGet();
            firstErrors.putIfAbsent(e.getClass().getSimpleName(), String.valueOf(e.getMessage()));
        }
    }

    List<Double> answerMillis() {
        return answerNanos.stream().map(nanos -> nanos / 1e6).toList();
    }

    int stored() {
        AtomicInteger created = statuses.get(201);
        return created == null ? 0 : created.get();
    }

    /** Answers other than 201, and requests that got no answer. */
    int errors() {
        return statuses.entrySet().stream().filter(e -> e.getKey() != 201).mapToInt(e -> e.getValue().get()).sum()
                + unanswered.get();
    }

    long rows() {
        return rows.get();
    }

    Map<Integer, Integer> statuses() {
        Map<Integer, Integer> counts = new TreeMap<>();
        statuses.forEach((status, count) -> counts.put(status, count.get()));
        return counts;
    }

    Map<String, String> firstErrors() {
        return firstErrors;
    }
}
