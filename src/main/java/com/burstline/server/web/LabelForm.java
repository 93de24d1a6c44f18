package com.burstline.server.web;

import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.LabelPatch;
import com.burstline.server.run.RunSummary;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The run page's "Edit labels" form: text fields, tags comma-separated, limits in Gbit/s (empty: the instance
 * catalog's). Only fields that differ from the run become the patch, so an untouched limit keeps following the
 * instance type.
 */
record LabelForm(String sut, String peer, String instanceType, String driver, String tags, String burstLimitGbps,
                 String baselineGbps) {

    static LabelForm of(RunSummary run) {
        return new LabelForm(run.labels().sut(), run.labels().peer(), run.labels().instanceType(), run.labels().driver(), String.join(", ", run.labels().tags()),
                LabelPatch.gbpsText(run.limits().burstLimitBitsPerSecond()), LabelPatch.gbpsText(run.limits().baselineBitsPerSecond()));
    }

    /** @throws InvalidRunInputException when a limit is not a number */
    LabelPatch toPatch(RunSummary run) {
        LabelForm stored = of(run);
        Map<String, Object> changes = new HashMap<>();
        text(changes, "sut", sut, stored.sut);
        text(changes, "peer", peer, stored.peer);
        text(changes, "instanceType", instanceType, stored.instanceType);
        text(changes, "driver", driver, stored.driver);
        if (!Objects.equals(tagList(tags), tagList(stored.tags))) {
            changes.put("tags", tagList(tags));
        }
        limit(changes, "burstLimitGbps", burstLimitGbps, stored.burstLimitGbps);
        limit(changes, "baselineGbps", baselineGbps, stored.baselineGbps);
        return new LabelPatch(changes);
    }

    private static void text(Map<String, Object> changes, String field, String given, String stored) {
        String value = blankToNull(given);
        if (!Objects.equals(value, blankToNull(stored))) {
            changes.put(field, value);
        }
    }

    private static void limit(Map<String, Object> changes, String field, String given, String stored) {
        String value = blankToNull(given);
        if (Objects.equals(value, stored)) {
            return;
        }
        try {
            changes.put(field, value == null ? null : Double.valueOf(value));
        } catch (NumberFormatException e) {
            throw new InvalidRunInputException(field + " must be a number of Gbit/s, e.g. 5 or 0.512, not '"
                    + value + "'");
        }
    }

    private static List<String> tagList(String tags) {
        return tags == null ? List.of() : Arrays.stream(tags.split(","))
                .map(String::strip).filter(tag -> !tag.isEmpty()).distinct().sorted().toList();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
