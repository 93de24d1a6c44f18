package com.burstline.engine;

import com.burstline.contract.Json;
import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencySummary;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code rr -c} prints: one JSON event a line, as iperf3's {@code --json-stream} does, in shapes of its own
 * (docs/engine.md): {@code start} with the test's parameters, one {@code interval} per interval with its sample and
 * the summary so far, then {@code end} with the summary, or {@code error}. Each line is flushed at once, so whoever
 * reads it live, and whatever kills the client, keeps every interval before that.
 */
final class TransactionOutput {
    static final String START = "start";
    static final String INTERVAL = "interval";
    static final String END = "end";
    static final String ERROR = "error";

    private final PrintStream out;

    TransactionOutput(PrintStream out) {
        this.out = out;
    }

    void start(Map<String, Object> start) {
        event(START, start);
    }

    void interval(LatencySample sample, LatencySummary summary) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("sample", sample.toJson());
        data.put("summary", summary.toJson());
        event(INTERVAL, data);
    }

    void end(LatencySummary summary) {
        event(END, Map.of("summary", summary.toJson()));
    }

    void error(String message) {
        event(ERROR, message);
    }

    private synchronized void event(String name, Object data) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("event", name);
        event.put("data", data);
        out.println(Json.write(event));
        out.flush();
    }
}
