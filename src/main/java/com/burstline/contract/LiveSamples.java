package com.burstline.contract;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code POST /api/v1/agents/{name}/live}: throughput samples of a running scenario, a preview the server relays to
 * the job's event stream. Boxed fields, because the server reads what arrives and drops what is incomplete.
 *
 * @param source {@link #FROM_TOOL} when iperf3 printed the samples, {@link #FROM_ENGINE} when the agent's own engine
 *               measured them, {@link #FROM_COUNTERS} when they are the routed interface's byte counters (iperf3
 *               before 3.17 prints nothing until the end)
 * @param nonce  the dispatch's {@link DispatchNonce}, brought back from the {@link ScenarioSpec}
 */
public record LiveSamples(Long jobId, Long scenarioId, Integer attempt, String source, List<Sample> samples,
                          String nonce) {
    public static final String FROM_TOOL = "iperf3";
    public static final String FROM_ENGINE = "burstline-java";
    public static final String FROM_COUNTERS = "interface-counters";
    public static final int MAX_SAMPLES = 1000;
    /** The stream a sample is of; "sum" is all streams together. */
    public static final String SUM = "sum";

    /**
     * One interval: seconds since the test started, and the bit rate over it.
     *
     * @param direction null for a scenario that sends one way; {@code upload} or {@code download} for each direction
     *                  of a {@code bidir} one, so that the two are drawn apart instead of added up
     */
    public record Sample(Double start, Double end, Double bitsPerSecond, String stream, String direction) {
        public static Sample ofSum(double start, double end, double bitsPerSecond) {
            return new Sample(start, end, bitsPerSecond, SUM, null);
        }

        public static Sample ofSum(double start, double end, double bitsPerSecond, String direction) {
            return new Sample(start, end, bitsPerSecond, SUM, direction);
        }

        Map<String, Object> toJson() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("start", start);
            json.put("end", end);
            json.put("bitsPerSecond", bitsPerSecond);
            json.put("stream", stream);
            if (direction != null) {
                json.put("direction", direction);
            }
            return json;
        }
    }

    public static LiveSamples of(AttemptKey key, String source, List<Sample> samples, String nonce) {
        return new LiveSamples(key.jobId(), key.scenarioId(), key.attempt(), source, List.copyOf(samples), nonce);
    }

    /** The same samples for browsers: the nonce stays between the server and the agent. */
    public LiveSamples withoutNonce() {
        return new LiveSamples(jobId, scenarioId, attempt, source, samples, null);
    }

    /** The attempt these samples belong to; null when the message is incomplete or too long to relay. */
    public AttemptKey relayableKey() {
        if (samples == null || samples.size() > MAX_SAMPLES) {
            return null;
        }
        return AttemptKey.orNull(jobId, scenarioId, attempt);
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new AttemptKey(jobId, scenarioId, attempt).toJson();
        json.put("source", source);
        List<Map<String, Object>> items = new ArrayList<>();
        samples.forEach(sample -> items.add(sample.toJson()));
        json.put("samples", items);
        json.put(DispatchNonce.FIELD, nonce);
        return json;
    }
}
