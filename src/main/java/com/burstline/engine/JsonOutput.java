package com.burstline.engine;

import com.burstline.contract.Json;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code -J}: the whole report as one JSON object once the test is over ({@code start}, {@code intervals},
 * {@code end} and, on a failure, {@code error}), or {@code --json-stream}: one {@code {"event","data"}} line per
 * event as it happens.
 */
public final class JsonOutput implements Output {
    private final PrintStream out;
    private final boolean stream;
    private final Map<String, Object> whole = new LinkedHashMap<>();
    private final List<Object> intervals = new ArrayList<>();

    public JsonOutput(PrintStream out, boolean stream) {
        this.out = out;
        this.stream = stream;
        whole.put("start", new LinkedHashMap<>());
        whole.put("intervals", intervals);
        whole.put("end", new LinkedHashMap<>());
    }

    @Override
    public synchronized void start(Map<String, Object> start) {
        whole.put("start", start);
        event("start", start);
    }

    @Override
    public synchronized void interval(Map<String, Object> interval) {
        if (!stream) {
            intervals.add(interval);
        }
        event("interval", interval);
    }

    @Override
    public synchronized void end(Map<String, Object> end) {
        whole.put("end", end);
        event("end", end);
    }

    @Override
    public synchronized void error(String message) {
        whole.put("error", message);
        event("error", message);
    }

    /** {@code -J}: a top-level key after {@code end}, as iperf3 writes it; a stream: an event of its own. */
    @Override
    public synchronized void serverOutput(String key, Object report) {
        whole.put(key, report);
        event(key, report);
    }

    /** The whole tree; under {@code --json-stream} without intervals, as iperf3's own keeps none then. */
    @Override
    public synchronized Map<String, Object> reportForClient() {
        return Map.of("server_output_json", new LinkedHashMap<>(whole));
    }

    @Override
    public synchronized void done() {
        if (!stream) {
            out.println(Json.write(whole));
        }
        out.flush();
    }

    private void event(String name, Object data) {
        if (stream) {
            Map<String, Object> event = new LinkedHashMap<>();
            event.put("event", name);
            event.put("data", data);
            out.println(Json.write(event));
            out.flush();
        }
    }
}
