package com.burstline.server.run;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The labels a person gives a run, as stored: what a re-upload of the same bytes is compared on and what
 * {@code PATCH /api/v1/runs/{id}} changes. Limits are the resolved ones (override or catalog), in bit/s.
 */
record RunLabels(Labels labels, Limits limits) {
    /** The field names of the API (PATCH body, 409 problem, history), in the order pages show them. */
    static final List<String> FIELDS = List.of("sut", "peer", "instanceType", "driver", "tags", "burstLimitGbps",
            "baselineGbps");

    static RunLabels of(RunMetadata metadata, Limits limits) {
        return new RunLabels(metadata.labels(), limits);
    }

    /** Each field as text, null where unset: limits in Gbit/s as uploads give them, tags comma-separated. */
    Map<String, String> asText() {
        Map<String, String> text = new LinkedHashMap<>();
        text.put("sut", labels.sut());
        text.put("peer", labels.peer());
        text.put("instanceType", labels.instanceType());
        text.put("driver", labels.driver());
        text.put("tags", labels.tags().isEmpty() ? null : String.join(", ", labels.tags()));
        text.put("burstLimitGbps", gbps(limits.burstLimitBitsPerSecond()));
        text.put("baselineGbps", gbps(limits.baselineBitsPerSecond()));
        return text;
    }

    /** The fields whose values differ, with this run's value as {@code stored} and the other's as {@code given}. */
    List<LabelDifference> differencesTo(RunLabels other) {
        Map<String, String> mine = asText();
        Map<String, String> theirs = other.asText();
        List<LabelDifference> differences = new ArrayList<>();
        for (String field : FIELDS) {
            if (!Objects.equals(mine.get(field), theirs.get(field))) {
                differences.add(new LabelDifference(field, mine.get(field), theirs.get(field)));
            }
        }
        return differences;
    }

    /** 512000000 -> "0.512": plain decimal, so that the text compares equal to what an uploader typed. */
    static String gbps(Double bitsPerSecond) {
        return bitsPerSecond == null ? null
                : BigDecimal.valueOf(bitsPerSecond).movePointLeft(9).stripTrailingZeros().toPlainString();
    }
}
