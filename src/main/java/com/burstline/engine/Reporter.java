package com.burstline.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The test's clock on one side: reports an interval every {@code -i} seconds, ends the omit period (resetting the
 * counters as iperf3 does), and on the client ends the test when its time is up.
 */
final class Reporter {
    private final TestRun run;
    private final long intervalNanos;
    private final Output output;
    private final Map<DataStream, StreamCounters.Snapshot> last = new HashMap<>();
    private final Map<DataStream, StreamCounters.Snapshot> baseline = new HashMap<>();
    private final CountDownLatch stop = new CountDownLatch(1);
    private final Thread thread;
    private long intervalStart;

    Reporter(TestRun run, double intervalSeconds, Output output) {
        this.run = run;
        this.intervalNanos = (long) (intervalSeconds * 1e9);
        this.output = output;
        this.thread = new Thread(this::loop, "engine-reporter");
        thread.setDaemon(true);
    }

    void start() {
        for (DataStream stream : run.streams) {
            last.put(stream, StreamCounters.Snapshot.ZERO);
            baseline.put(stream, StreamCounters.Snapshot.ZERO);
        }
        intervalStart = run.startNanos();
        thread.start();
    }

    /** Stops the clock after {@link TestRun#end}, reporting the last partial interval when it is long enough. */
    void stop() {
        stop.countDown();
        if (!thread.isAlive()) {
            return;
        }
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The counters at the end of the omit period: the end figures count from there. */
    StreamCounters.Snapshot baseline(DataStream stream) {
        synchronized (baseline) {
            return baseline.getOrDefault(stream, StreamCounters.Snapshot.ZERO);
        }
    }

    private void loop() {
        long start = run.startNanos();
        long omitEnd = start + run.params.omit() * 1_000_000_000L;
        long endAt = run.client && run.params.time() > 0
                ? omitEnd + run.params.time() * 1_000_000_000L : Long.MAX_VALUE;
        long next = intervalNanos > 0 ? start + intervalNanos : Long.MAX_VALUE;
        try {
            while (true) {
                long wake = Math.min(Math.min(next, endAt), run.omitting() ? omitEnd : Long.MAX_VALUE);
                long wait = wake == Long.MAX_VALUE ? 3_600_000_000_000L : wake - System.nanoTime();
                if (stop.await(Math.max(0, wait), TimeUnit.NANOSECONDS)) {
                    break;
                }
                long now = System.nanoTime();
                if (run.omitting() && now >= omitEnd) {
                    endOmit(now);
                    next = intervalNanos > 0 ? now + intervalNanos : Long.MAX_VALUE;
                    continue;
                }
                if (now >= endAt) {
                    // End first: the last interval is reported on stop(), so its report cannot delay the end.
                    run.finish();
                    endAt = Long.MAX_VALUE;
                    continue;
                }
                if (now >= next) {
                    report(now, run.omitting());
                    next += intervalNanos;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long end = run.baseNanos() + (long) (run.elapsedSeconds() * 1e9);
        if (intervalNanos > 0 && end - intervalStart >= intervalNanos / 10) {
            report(end, run.omitting());
        }
    }

    private void endOmit(long now) {
        if (intervalNanos > 0 && now > intervalStart) {
            report(now, true);
        }
        synchronized (baseline) {
            for (DataStream stream : run.streams) {
                StreamCounters.Snapshot snapshot = stream.counters.snapshot(stream.sending);
                baseline.put(stream, snapshot);
                last.put(stream, snapshot);
                stream.counters.udp.requestJitterReset();
            }
        }
        run.omitEnded(now);
        intervalStart = now;
    }

    private void report(long now, boolean omitted) {
        double from = (intervalStart - run.baseNanos()) / 1e9;
        double to = (now - run.baseNanos()) / 1e9;
        boolean udp = run.params.udp();
        List<Object> rows = new ArrayList<>();
        List<Rows.Figures> forward = new ArrayList<>();
        List<Rows.Figures> reverse = new ArrayList<>();
        for (DataStream stream : run.streams) {
            StreamCounters.Snapshot snapshot = stream.counters.snapshot(stream.sending);
            Rows.Figures figures = Rows.Figures.of(snapshot.minus(last.get(stream)));
            last.put(stream, snapshot);
            rows.add(Rows.row(stream.id, from, to, figures, udp, stream.sending, omitted));
            (isForward(stream) ? forward : reverse).add(figures);
        }
        Map<String, Object> interval = new LinkedHashMap<>();
        interval.put("streams", rows);
        interval.put("sum", Rows.row(null, from, to, Rows.Figures.sum(forward), udp, forwardSends(), omitted));
        if (run.params.bidirectional()) {
            interval.put("sum_bidir_reverse",
                    Rows.row(null, from, to, Rows.Figures.sum(reverse), udp, !forwardSends(), omitted));
        }
        intervalStart = now;
        output.interval(interval);
    }

    /** In bidirectional mode {@code sum} is the client-to-server direction, {@code sum_bidir_reverse} the other. */
    private boolean isForward(DataStream stream) {
        return !run.params.bidirectional() || stream.sending == run.client;
    }

    /** Whether this side sends in the direction that {@code sum} reports. */
    private boolean forwardSends() {
        if (run.params.bidirectional()) {
            return run.client;
        }
        return run.client != run.params.reverse();
    }
}
