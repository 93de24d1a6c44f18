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

    /**
     * The server's own report that the client asked for ({@code --get-server-output}), under iperf3's key:
     * {@code server_output_json} or {@code server_output_text}. It comes before {@link #end}.
     */
    default void serverOutput(String key, Object report) {
    }

    /**
     * On a server: its report so far (after {@link #end}) for a client that asked for it, as the results exchange
     * carries it: {@code server_output_json} with the whole {@code -J} tree, or {@code server_output_text}.
     */
    default Map<String, Object> reportForClient() {
        return Map.of();
    }

    /** The test is over (after {@link #end} or {@link #error}). */
    default void done() {
    }
}
