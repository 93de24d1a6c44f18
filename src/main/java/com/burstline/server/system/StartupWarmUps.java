package com.burstline.server.system;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Runs every {@link WarmUp} once the server is ready, one after the other on a daemon thread of its own, off every
 * request's path: a fresh JVM interprets and loads what it runs first, and without this a fresh server's first job
 * paid for it between its scenarios (its first calls to agents, its first result's parse). A warm-up that fails is
 * logged and skipped; the server works the same without it, only its first job is slower.
 */
@Component
class StartupWarmUps {
    private static final Logger log = LoggerFactory.getLogger(StartupWarmUps.class);

    private final List<WarmUp> warmUps;
    private final CompletableFuture<Map<String, String>> finished = new CompletableFuture<>();

    StartupWarmUps(List<WarmUp> warmUps) {
        this.warmUps = warmUps;
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        Thread thread = new Thread(this::runAll, "warm-up");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    /** Each warm-up's failure by name, empty when all ran; complete once all have run. */
    CompletableFuture<Map<String, String>> finished() {
        return finished;
    }

    private void runAll() {
        long start = System.nanoTime();
        Map<String, String> failures = new LinkedHashMap<>();
        for (WarmUp warmUp : warmUps) {
            try {
                warmUp.warmUp();
            } catch (Exception | LinkageError e) {
                failures.put(warmUp.name(), e.toString());
                log.warn("The start-up warm-up of {} failed; the server works without it: {}", warmUp.name(),
                        e.toString());
            }
        }
        log.info("Warmed up {} in {} ms", warmUps.stream().map(WarmUp::name).toList(),
                (System.nanoTime() - start) / 1_000_000);
        finished.complete(failures);
    }
}
