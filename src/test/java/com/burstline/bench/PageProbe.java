package com.burstline.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A person looking at the dashboard while the benchmark loads the server: one thread that fetches each page in turn,
 * a pause between rounds, and files each time under the phase the benchmark is in, so that a page's time under load
 * and its idle time come from the same client in the same run. Its own HTTP client: the load does not queue it.
 */
final class PageProbe implements AutoCloseable {
    private final ServerApi api;
    private final List<String> paths;
    private final long pauseMillis;
    private final Map<String, Map<String, List<Long>>> nanosByPhase = new ConcurrentHashMap<>();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private final Thread thread;
    private volatile String phase;
    private volatile boolean stopped;

    PageProbe(ServerApi api, List<String> paths, long pauseMillis) {
        this.api = api;
        this.paths = List.copyOf(paths);
        this.pauseMillis = pauseMillis;
        this.thread = new Thread(this::loop, "bench-page-probe");
        this.thread.setDaemon(true);
    }

    /** Starts sampling, filing what follows under {@code first}. */
    PageProbe start(String first) {
        phase = first;
        thread.start();
        return this;
    }

    /** From now on, times go under {@code next}; null pauses the sampling. */
    void phase(String next) {
        phase = next;
    }

    /** Milliseconds of each sample of {@code path} in {@code phase}. */
    List<Double> millis(String phaseName, String path) {
        return nanosByPhase.getOrDefault(phaseName, Map.of()).getOrDefault(path, List.of()).stream()
                .map(nanos -> nanos / 1e6).toList();
    }

    List<String> paths() {
        return paths;
    }

    List<String> failures() {
        return failures;
    }

    /** One line per page: samples, median and p95 in each phase, and each phase's median over the first one's. */
    void print(List<String> phases) {
        for (String path : paths) {
            List<String> cells = new ArrayList<>();
            double base = Stats.median(nonEmpty(millis(phases.get(0), path)));
            for (String name : phases) {
                List<Double> values = millis(name, path);
                cells.add(values.isEmpty() ? name + ": no sample" : String.format(Locale.ROOT,
                        "%s: n=%d median %.1f ms, p95 %.1f ms (%.2fx)", name, values.size(), Stats.median(values),
                        Stats.percentile(values, 95), Stats.median(values) / base));
            }
            System.out.printf(Locale.ROOT, "  %-26s %s%n", path, String.join("; ", cells));
        }
    }

    private static List<Double> nonEmpty(List<Double> values) {
        return values.isEmpty() ? List.of(Double.NaN) : values;
    }

    private void loop() {
        while (!stopped) {
            String now = phase;
            for (String path : paths) {
                if (now == null || stopped) {
                    break;
                }
                try {
                    long nanos = api.timedGet(path);
                    if (now.equals(phase)) { // a sample spanning a change of phase belongs to neither
                        nanosByPhase.computeIfAbsent(now, p -> new ConcurrentHashMap<>()).computeIfAbsent(path,
                                p -> new CopyOnWriteArrayList<>()).add(nanos);
                    }
                } catch (InterruptedException e) {
                    return;
                } catch (Exception e) {
                    failures.add(path + ": " + e.getMessage());
                }
            }
            try {
                Thread.sleep(pauseMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        stopped = true;
        thread.interrupt();
        thread.join(5_000);
    }
}
