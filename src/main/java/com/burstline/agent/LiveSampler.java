package com.burstline.agent;

import com.burstline.contract.LiveSamples;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Live throughput for tools that print nothing until the end (iperf3 before 3.17): the routed interface's byte
 * counters, read once per interval. Upload counts sent bytes, download received bytes, bidir both.
 */
final class LiveSampler implements AutoCloseable {
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "live-sampler");
        thread.setDaemon(true);
        return thread;
    });
    private final HostPlatform platform;
    private final String interfaceName;
    private final String direction;
    private final Consumer<LiveSamples.Sample> sink;
    private final long startedNanos = System.nanoTime();
    private long previousBytes;
    private double previousSeconds;

    LiveSampler(HostPlatform platform, String interfaceName, String direction, Consumer<LiveSamples.Sample> sink) {
        this.platform = platform;
        this.interfaceName = interfaceName;
        this.direction = direction;
        this.sink = sink;
        this.previousBytes = bytes();
    }

    void start(double intervalSeconds) {
        long periodMillis = Math.max(100, Math.round(intervalSeconds * 1000));
        timer.scheduleAtFixedRate(this::sample, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    private void sample() {
        long bytes = bytes();
        double seconds = (System.nanoTime() - startedNanos) / 1e9;
        double bitsPerSecond = (bytes - previousBytes) * 8 / (seconds - previousSeconds);
        LiveSamples.Sample sample = LiveSamples.Sample.ofSum(previousSeconds, seconds, bitsPerSecond);
        previousBytes = bytes;
        previousSeconds = seconds;
        sink.accept(sample);
    }

    private long bytes() {
        Map<String, Long> counters = platform.trafficCounters(interfaceName);
        List<String> names = new ArrayList<>();
        if (!"download".equals(direction)) {
            names.add("tx_bytes");
        }
        if (!"upload".equals(direction)) {
            names.add("rx_bytes");
        }
        return names.stream().mapToLong(name -> counters.getOrDefault(name, 0L)).sum();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
