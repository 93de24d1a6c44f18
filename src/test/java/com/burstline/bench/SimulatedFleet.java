package com.burstline.bench;

import com.burstline.contract.BuildVersion;
import com.burstline.contract.EnrollmentSecret;
import com.burstline.contract.HostFacts;
import com.burstline.contract.Json;
import com.burstline.contract.NicFacts;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Many idle agents in one JVM, each speaking the real wire contract (docs/agent-protocol.md): it enrolls with the
 * enrollment token and a secret of its own drawn by {@link EnrollmentSecret}, then sends {@code {"busy": false}}
 * heartbeats with that secret at the period the server answered, at a random phase so that they spread as a real
 * fleet's do. They share one HTTP client and two scheduler threads: the fleet costs the benchmark next to nothing,
 * and the server sees 500 agents as it would. They announce an {@code http} URL where nothing listens and are never
 * named in a job: the server's calls to them (its call-back to each online agent, the delivery of its key) are
 * refused at once, as a fleet's unreachable agents' would be, only sooner.
 */
final class SimulatedFleet implements AutoCloseable {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final URI server;
    private final String enrollmentToken;
    private final String namePrefix;
    private final ExecutorService httpThreads = Executors.newFixedThreadPool(2, named("bench-fleet-http-"));
    private final HttpClient http;
    private final ScheduledExecutorService timers = Executors.newScheduledThreadPool(2, named("bench-fleet-timer-"));
    private final ConcurrentLinkedQueue<Long> heartbeatNanos = new ConcurrentLinkedQueue<>();
    private final AtomicInteger heartbeatFailures = new AtomicInteger();
    private final List<String> names = new ArrayList<>();
    private int heartbeatSeconds = 5;

    SimulatedFleet(URI server, String enrollmentToken, String namePrefix) {
        this.server = server;
        this.enrollmentToken = enrollmentToken;
        this.namePrefix = namePrefix;
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(httpThreads)
                .connectTimeout(Duration.ofSeconds(3)).build();
    }

    int size() {
        return names.size();
    }

    int heartbeatSeconds() {
        return heartbeatSeconds;
    }

    /** Enrolls agents one after the other until the fleet has {@code total}; each heartbeats from then on. */
    void growTo(int total) throws IOException, InterruptedException {
        while (names.size() < total) {
            String name = String.format("%s%04d", namePrefix, names.size() + 1);
            String secret = EnrollmentSecret.generate();
            HttpResponse<String> answer = http.send(post("/api/v1/agents", enrollment(name, secret),
                    enrollmentToken), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 200) {
                throw new IllegalStateException("enrolling " + name + " answered " + answer.statusCode() + ": "
                        + answer.body());
            }
            Object period = Json.parseObject(answer.body().getBytes(StandardCharsets.UTF_8)).get("heartbeatSeconds");
            heartbeatSeconds = period instanceof Number number ? number.intValue() : heartbeatSeconds;
            names.add(name);
            long phase = ThreadLocalRandom.current().nextLong(heartbeatSeconds * 1000L);
            timers.scheduleAtFixedRate(() -> heartbeat(name, secret), phase, heartbeatSeconds * 1000L,
                    TimeUnit.MILLISECONDS);
        }
    }

    /** The heartbeats answered since the last call, in nanoseconds from sending to the answer, and forgets them. */
    List<Long> takeHeartbeatNanos() {
        List<Long> taken = new ArrayList<>();
        for (Long nanos = heartbeatNanos.poll(); nanos != null; nanos = heartbeatNanos.poll()) {
            taken.add(nanos);
        }
        return taken;
    }

    /** Heartbeats answered other than 204, or not answered at all, since the fleet started. */
    int heartbeatFailures() {
        return heartbeatFailures.get();
    }

    private void heartbeat(String name, String secret) {
        long sent = System.nanoTime();
        http.sendAsync(post("/api/v1/agents/" + name + "/heartbeat", "{\"busy\": false}", secret),
                HttpResponse.BodyHandlers.discarding()).whenComplete((answer, failure) -> {
                    if (failure == null && answer.statusCode() == 204) {
                        heartbeatNanos.add(System.nanoTime() - sent);
                    } else {
                        heartbeatFailures.incrementAndGet();
                    }
                });
    }

    /** What the real agent sends (AgentDaemon's registration), with plain HTTP: no certificate to pin. */
    private static String enrollment(String name, String secret) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("name", name);
        body.put("url", "http://127.0.0.1:9");
        body.put("testAddress", "127.0.0.1");
        body.put("version", BuildVersion.get());
        body.put("facts", new HostFacts("Linux", "6.1.0", "amd64", 2, "17.0.15", "/usr/bin/iperf3", "3.12",
                "t4g.large", List.of(new NicFacts("eth0", "ena", "2.11.0", null, 25_000L, 9001L,
                List.of("127.0.0.1"), null)), null, List.of("iperf3")).toJson());
        body.put(EnrollmentSecret.FIELD, secret);
        return Json.write(body);
    }

    private HttpRequest post(String path, String json, String bearer) {
        return HttpRequest.newBuilder(server.resolve(path)).timeout(TIMEOUT)
                .header("Authorization", "Bearer " + bearer).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8)).build();
    }

    private static java.util.concurrent.ThreadFactory named(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }

    @Override
    public void close() {
        timers.shutdownNow();
        httpThreads.shutdownNow();
    }
}
