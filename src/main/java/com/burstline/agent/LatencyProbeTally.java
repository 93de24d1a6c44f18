package com.burstline.agent;

import com.burstline.contract.LatencyProbeSpec;
import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencyStats;
import com.burstline.contract.LatencySummary;
import com.burstline.contract.Protocol;
import com.burstline.contract.Scenario;
import com.burstline.engine.LatencyHistogram;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The loaded-latency probe's bookkeeping, on the SUT's clock (nanoseconds; {@code origin} is when the bulk tool
 * starts): which requests went out in which interval, which came back in time, and the figures. A request counts
 * lost when its answer is not back within {@link LatencyProbeSpec#LOSS_TIMEOUT_MILLIS}; an interval is final once
 * every request in it has had that time. The round trip leaves out the peer's own time between receiving and answering
 * (its two clock readings), so a busy peer agent adds nothing. Memory is bounded: open intervals only, and the
 * requests of the last loss timeout and a second. Thread-safe.
 */
final class LatencyProbeTally {
    private final LatencyProbeSpec spec;
    private final LatencyProbeTimeline timeline;
    private final long origin;
    private final long lossTimeout = LatencyProbeSpec.LOSS_TIMEOUT_MILLIS * 1_000_000L;
    private final long[] sequences;
    private final long[] sentAt;
    private final int[] intervalOf;
    private final boolean[] answered;
    private final TreeMap<Integer, Open> open = new TreeMap<>();
    private final LatencyHistogram idle = new LatencyHistogram();
    private final LatencyHistogram loaded = new LatencyHistogram();
    private final LatencyHistogram uploadRise = new LatencyHistogram();
    private final LatencyHistogram downloadRise = new LatencyHistogram();
    private final Map<String, Long> lost = new java.util.HashMap<>();
    private long lowestUp = Long.MAX_VALUE;
    private long lowestDown = Long.MAX_VALUE;
    private long end = Long.MAX_VALUE;

    LatencyProbeTally(LatencyProbeSpec spec, LatencyProbeTimeline timeline, long origin) {
        this.spec = spec;
        this.timeline = timeline;
        this.origin = origin;
        int capacity = spec.ratePerSecond() * (LatencyProbeSpec.LOSS_TIMEOUT_MILLIS / 1000 + 2);
        sequences = new long[capacity];
        java.util.Arrays.fill(sequences, -1);
        sentAt = new long[capacity];
        intervalOf = new int[capacity];
        answered = new boolean[capacity];
    }

    /** A request sent at {@code nanos}; one sent after the bulk tool ended is not counted. */
    synchronized void sent(long sequence, long nanos) {
        if (nanos >= end) {
            return;
        }
        int slot = (int) (sequence % sequences.length);
        int interval = timeline.indexOf(seconds(nanos));
        sequences[slot] = sequence;
        sentAt[slot] = nanos;
        intervalOf[slot] = interval;
        answered[slot] = false;
        open.computeIfAbsent(interval, Open::new).sent++;
    }

    /**
     * An answer: counted when it is one of ours, not counted before and back in time.
     *
     * @param peerReceived the peer's clock when it received the request; {@code peerSent} when it answered
     */
    synchronized void answered(long sequence, long peerReceived, long peerSent, long nanos) {
        int slot = (int) (sequence % sequences.length);
        if (sequence < 0 || sequences[slot] != sequence || answered[slot] || nanos - sentAt[slot] > lossTimeout) {
            return;
        }
        Open interval = open.get(intervalOf[slot]);
        if (interval == null) {
            return;
        }
        answered[slot] = true;
        long raw = nanos - sentAt[slot];
        long peerTime = peerSent - peerReceived;
        long roundTrip = peerTime >= 0 && peerTime <= raw ? raw - peerTime : raw;
        interval.roundTrips.record(roundTrip);
        String phase = timeline.phaseOf(interval.index);
        long up = peerReceived - sentAt[slot];
        long down = nanos - peerSent;
        if (LatencySample.IDLE.equals(phase)) {
            idle.record(roundTrip);
            lowestUp = Math.min(lowestUp, up);
            lowestDown = Math.min(lowestDown, down);
        } else if (LatencySample.LOADED.equals(phase)) {
            loaded.record(roundTrip);
            if (lowestUp != Long.MAX_VALUE) {
                uploadRise.record(up - lowestUp);
                downloadRise.record(down - lowestDown);
            }
        }
    }

    /** Whether a request sent is still within its time and unanswered at {@code now}. */
    synchronized boolean awaiting(long now) {
        for (int slot = 0; slot < sequences.length; slot++) {
            if (sequences[slot] >= 0 && !answered[slot] && now - sentAt[slot] <= lossTimeout) {
                return true;
            }
        }
        return false;
    }

    /** The bulk tool ended at {@code nanos}: the interval it ended in is cut there, and nothing comes after. */
    synchronized void endAt(long nanos) {
        end = Math.min(end, nanos);
    }

    /** The intervals every request of which has had its time by {@code now} (all with {@code all}), made final. */
    synchronized List<LatencySample> due(long now, boolean all) {
        List<LatencySample> samples = new ArrayList<>();
        while (!open.isEmpty()) {
            Open first = open.firstEntry().getValue();
            long intervalEnd = Math.min(end, origin + nanos(timeline.endOf(first.index)));
            if (!all && now - intervalEnd < lossTimeout) {
                break;
            }
            open.pollFirstEntry();
            samples.add(first.sample());
        }
        return samples;
    }

    /** Everything final so far. */
    synchronized LatencySummary summary() {
        double measured = end == Long.MAX_VALUE ? 0 : Math.max(0, seconds(end) - timeline.omitSeconds());
        boolean risen = uploadRise.count() > 0;
        return new LatencySummary(LatencySummary.LOADED_LATENCY, Protocol.UDP.name(), LatencyProbeSpec.DATAGRAM_BYTES, 1,
                (double) spec.ratePerSecond(), (double) spec.idleSeconds(),
                (double) LatencyProbeSpec.LOSS_TIMEOUT_MILLIS, measured,
                idle.stats(lost.getOrDefault(LatencySample.IDLE, 0L)),
                loaded.stats(lost.getOrDefault(LatencySample.LOADED, 0L)),
                null, risen ? uploadRise.stats(0) : null, risen ? downloadRise.stats(0) : null, null, null, null);
    }

    private double seconds(long nanos) {
        return (nanos - origin) / 1e9;
    }

    private static long nanos(double seconds) {
        return Math.round(seconds * 1e9);
    }

    /** An interval with requests in it that may still be answered. */
    private final class Open {
        final int index;
        final LatencyHistogram roundTrips = new LatencyHistogram();
        long sent;

        Open(int index) {
            this.index = index;
        }

        LatencySample sample() {
            long answeredCount = roundTrips.count();
            long lostCount = sent - answeredCount;
            String phase = timeline.phaseOf(index);
            lost.merge(phase, lostCount, Long::sum);
            double start = timeline.startOf(index);
            double stop = Math.min(timeline.endOf(index), end == Long.MAX_VALUE ? Double.MAX_VALUE : seconds(end));
            return new LatencySample(start, Math.max(stop, start + 1e-3), phase, roundTrips.stats(lostCount));
        }
    }
}
