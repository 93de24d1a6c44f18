package com.burstline.engine;

import java.util.Map;

/**
 * Where a test's report goes, event by event, in iperf3's {@code -J} shapes: the {@code start} object when the test
 * starts, one {@code intervals[]} element per interval while it runs, then the {@code end} object or an error.
 * Called from the engine's threads, one event at a time.
 */
public interface Output {
    void start(Map<String, Object> start);

    void interval(Map<String, Object> interval);

    void end(Map<String, Object> end);

    void error(String message);

    /** The test is over (after {@link #end} or {@link #error}). */
    default void done() {
    }
}
