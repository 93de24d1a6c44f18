package com.burstline.agent;

import com.burstline.contract.Direction;
import com.burstline.contract.LiveSamples;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Live throughput for tools that print nothing until the end (iperf3 before 3.17): the routed interface's byte
 * counters, read once per interval. Upload counts sent bytes, download received bytes; bidir gives one sample of each,
 * so the two directions are seen apart, as the run will show them.
 */
final class LiveSampler implements AutoCloseable {
    private static final Map<Direction, String> COUNTER_OF = Map.of(Direction.UPLOAD, "tx_bytes", Direction.DOWNLOAD,
            "rx_bytes");

    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "live-sampler");
        thread.setDaemon(true);
        return thread;
    });
    private final HostPlatform platform;
    private final String interfaceName;
    private final List<Direction> directions;
    private final Consumer<LiveSamples.Sample> sink;
    private final long startedNanos = System.nanoTime();
    private Map<Direction, Long> previousBytes;
    private double previousSeconds;

    LiveSampler(HostPlatform platform, String interfaceName, Direction direction,
                Consumer<LiveSamples.Sample> sink) {
        this.platform = platform;
        this.interfaceName = interfaceName;
        this.directions = direction == Direction.BIDIR ? List.of(Direction.UPLOAD, Direction.DOWNLOAD)
                : List.of(direction);
        this.sink = sink;
        this.previousBytes = bytes();
    }

    void start(double intervalSeconds) {
        long periodMillis = Math.max(100, Math.round(intervalSeconds * 1000));
        timer.scheduleAtFixedRate(this::sample, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    /** One sample per direction since the last; package-private so a test can take them without the timer. */
    void sample() {
        Map<Direction, Long> bytes = bytes();
        double seconds = (System.nanoTime() - startedNanos) / 1e9;
        for (Direction direction : directions) {
            double bitsPerSecond = (bytes.get(direction) - previousBytes.get(direction)) * 8
                    / (seconds - previousSeconds);
            sink.accept(LiveSamples.Sample.ofSum(previousSeconds, seconds, bitsPerSecond,
                    directions.size() > 1 ? direction.apiName() : null));
        }
        previousBytes = bytes;
        previousSeconds = seconds;
    }

    private Map<Direction, Long> bytes() {
        Map<String, Long> counters = platform.trafficCounters(interfaceName);
        Map<Direction, Long> bytes = new HashMap<>();
        directions.forEach(direction -> bytes.put(direction,
                counters.getOrDefault(COUNTER_OF.getOrDefault(direction, "tx_bytes"), 0L)));
        return bytes;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
