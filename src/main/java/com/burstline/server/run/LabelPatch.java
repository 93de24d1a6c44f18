package com.burstline.server.run;

import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What an edit changes, field by field, as a JSON merge patch (RFC 7396): a field that is absent stays, a field
 * given as null is cleared (for the limits: back to the instance catalog's), any other value replaces the stored
 * one. Values are String for text, List of String for {@code tags}, Double (Gbit/s) for the limits.
 */
public record LabelPatch(Map<String, Object> changes) {
    private static final List<String> TEXT = List.of("sut", "peer", "instanceType", "driver");
    private static final List<String> LIMITS = List.of("burstLimitGbps", "baselineGbps");

    public LabelPatch {
        changes = Collections.unmodifiableMap(new HashMap<>(changes));
        changes.keySet().stream().filter(field -> !RunLabels.FIELDS.contains(field)).findFirst().ifPresent(field -> {
            throw new UnknownLabelException(field, RunLabels.FIELDS);
        });
    }

    /** @throws UnknownLabelException for a field that is not a label; InvalidRunInputException for a wrong type */
    public static LabelPatch fromJson(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new InvalidRunInputException("The body must be a JSON object of the labels to change, e.g. "
                    + "{\"driver\": \"ENA ARM64 2.2.1\", \"tags\": [\"seed\"]}.");
        }
        Map<String, Object> changes = new HashMap<>();
        for (Map.Entry<String, JsonNode> field : body.properties()) {
            String name = field.getKey();
            if (!RunLabels.FIELDS.contains(name)) {
                throw new UnknownLabelException(name, RunLabels.FIELDS);
            }
            changes.put(name, value(name, field.getValue()));
        }
        return new LabelPatch(changes);
    }

    /** A limit as the patch and the history write it: 512000000 bit/s -> "0.512" (Gbit/s, plain decimal). */
    public static String gbpsText(Double bitsPerSecond) {
        return RunLabels.gbps(bitsPerSecond);
    }

    boolean has(String field) {
        return changes.containsKey(field);
    }

    Object get(String field) {
        return changes.get(field);
    }

    private static Object value(String name, JsonNode value) {
        if (value.isNull()) {
            return null;
        }
        if (TEXT.contains(name) && value.isString()) {
            return value.stringValue();
        }
        if (LIMITS.contains(name) && value.isNumber()) {
            return value.doubleValue();
        }
        if ("tags".equals(name) && value.isArray()) {
            List<String> tags = new ArrayList<>();
            for (JsonNode tag : value) {
                if (!tag.isString()) {
                    throw new InvalidRunInputException("tags must be a list of strings, not " + value);
                }
                tags.add(tag.stringValue());
            }
            return tags;
        }
        String expected = TEXT.contains(name) ? "a string" : LIMITS.contains(name) ? "a number of Gbit/s"
                : "a list of strings";
        throw new InvalidRunInputException(name + " must be " + expected + " or null, not " + value);
    }
}
