package com.burstline.agent;

import com.burstline.contract.ScenarioSpec;

/**
 * How a measurement is made (iperf3 today, a native Java engine next), kept apart from what is measured
 * ({@link ScenarioSpec}). A tool says whether it can run a spec, and a failed run is a {@link Measurement} with
 * {@code succeeded=false}, not an exception.
 */
interface MeasurementTool {
    String name();

    /** Null when the tool can run the spec, otherwise the reason in words. */
    String cannotRun(ScenarioSpec spec);

    /** Whether the tool reports its own intervals while it runs (else the NIC counters give live figures). */
    boolean streamsIntervals();

    /** What the live samples of this tool's own intervals name as their source (LiveSamples' {@code source}). */
    String liveSource();

    /** Runs the client role of the spec; blocks until done, timed out or cancelled. */
    Measurement run(ScenarioSpec spec, LiveListener live, Cancellation cancellation) throws InterruptedException;

    /** As the other, for a tool that measures latency itself: its intervals go to {@code latency} as they come. */
    default Measurement run(ScenarioSpec spec, LiveListener live, LatencyListener latency, Cancellation cancellation)
            throws InterruptedException {
        return run(spec, live, cancellation);
    }

    /** Receives the tool's own per-interval figures while it runs, when the tool can give them. */
    interface LiveListener {
        /** @param direction null for a one-way scenario; upload or download for each half of a bidir one */
        void interval(double start, double end, double bitsPerSecond, String direction);

        default void interval(double start, double end, double bitsPerSecond) {
            interval(start, end, bitsPerSecond, null);
        }
    }
}
