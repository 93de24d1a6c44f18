package com.burstline.server.run;

import com.burstline.contract.EnaCounters;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What ENA's shaping counters on the SUT say of a run: how much each of {@link EnaCounters#SHAPING} grew while it ran
 * ({@code bw_in_allowance_exceeded}, {@code bw_out_allowance_exceeded}, {@code pps_allowance_exceeded}: packets EC2
 * queued or dropped for going over the instance's allowance). Any growth means the instance's limit shaped the run,
 * whatever share of a labelled limit arrived. The field names are part of the API.
 *
 * @param grew each shaping counter the SUT read at both ends of the run, by ENA's name, with its growth (0 included)
 */
public record AllowanceExceeded(Map<String, Long> grew) {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    public AllowanceExceeded {
        grew = Map.copyOf(grew);
    }

    /**
     * @param nicCounters the SUT agent's {@code {"interface", "delta": {…}}}; null (uploaded runs, or a host without
     *                    ENA's counters) gives null: not counted
     */
    static AllowanceExceeded of(String nicCounters) {
        if (nicCounters == null) {
            return null;
        }
        JsonNode delta;
        try {
            delta = JSON.readTree(nicCounters).path("delta");
        } catch (JacksonException unreadable) {
            return null;
        }
        Map<String, Long> grew = new LinkedHashMap<>();
        for (String counter : EnaCounters.SHAPING) {
            if (delta.path(counter).isIntegralNumber()) {
                grew.put(counter, delta.path(counter).longValue());
            }
        }
        return grew.isEmpty() ? null : new AllowanceExceeded(grew);
    }

    /** The counters that grew, in {@link EnaCounters#SHAPING}'s order. */
    public Map<String, Long> exceeded() {
        Map<String, Long> exceeded = new LinkedHashMap<>();
        for (String counter : EnaCounters.SHAPING) {
            Long growth = grew.get(counter);
            if (growth != null && growth > 0) {
                exceeded.put(counter, growth);
            }
        }
        return exceeded;
    }
}
