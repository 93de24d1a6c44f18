package com.burstline.agent;

import com.burstline.contract.LatencySample;

/**
 * The loaded-latency probe's intervals, in seconds from when the bulk tool starts: the idle window's before it (from
 * {@code -idleSeconds}, the last cut at 0), then the scenario's omitted start (cut at {@code omitSeconds}), then the
 * loaded ones, each {@code intervalSeconds} long as the scenario's own. A request belongs to the interval it was sent
 * in; interval {@code i} is the same whichever thread asks.
 */
record LatencyProbeTimeline(double idleSeconds, double intervalSeconds, double omitSeconds) {
    private static final double EPSILON = 1e-9;

    LatencyProbeTimeline {
        if (!(idleSeconds > 0) || !(intervalSeconds > 0) || omitSeconds < 0) {
            throw new IllegalArgumentException("an idle window, an interval and no negative omit");
        }
    }

    int idleIntervals() {
        return (int) Math.ceil(idleSeconds / intervalSeconds - EPSILON);
    }

    private int omittedIntervals() {
        return omitSeconds == 0 ? 0 : (int) Math.ceil(omitSeconds / intervalSeconds - EPSILON);
    }

    /** The interval that holds {@code seconds}; before the idle window, the first. */
    int indexOf(double seconds) {
        if (seconds < 0) {
            return clamp((int) Math.floor((seconds + idleSeconds) / intervalSeconds), idleIntervals());
        }
        if (seconds < omitSeconds) {
            return idleIntervals() + clamp((int) Math.floor(seconds / intervalSeconds), omittedIntervals());
        }
        return idleIntervals() + omittedIntervals() + (int) Math.floor((seconds - omitSeconds) / intervalSeconds);
    }

    double startOf(int index) {
        int idle = idleIntervals();
        if (index < idle) {
            return -idleSeconds + index * intervalSeconds;
        }
        int omitted = omittedIntervals();
        if (index < idle + omitted) {
            return (index - idle) * intervalSeconds;
        }
        return omitSeconds + (index - idle - omitted) * intervalSeconds;
    }

    double endOf(int index) {
        int idle = idleIntervals();
        int omitted = omittedIntervals();
        double end = startOf(index) + intervalSeconds;
        if (index < idle) {
            return Math.min(end, 0);
        }
        return index < idle + omitted ? Math.min(end, omitSeconds) : end;
    }

    String phaseOf(int index) {
        int idle = idleIntervals();
        if (index < idle) {
            return LatencySample.IDLE;
        }
        return index < idle + omittedIntervals() ? LatencySample.OMITTED : LatencySample.LOADED;
    }

    private static int clamp(int index, int count) {
        return Math.max(0, Math.min(index, count - 1));
    }
}
