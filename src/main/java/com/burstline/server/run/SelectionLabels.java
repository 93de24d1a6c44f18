package com.burstline.server.run;

import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The one body that relabels many runs at once, a job's ({@code PATCH /api/v1/jobs/{id}/labels}) or any selection's
 * ({@code PATCH /api/v1/runs/labels}): a JSON merge patch of {@code driver}, {@code instanceType} and {@code tags}.
 * Absent fields stay; null or blank text clears; {@code tags} replace the runs' tags. The other labels differ from
 * run to run, so they are changed one run at a time.
 */
public final class SelectionLabels {
    public static final List<String> FIELDS = List.of("driver", "instanceType", "tags");

    private SelectionLabels() {
    }

    /**
     * @param whose what the patch labels, for the problem that names a field it cannot change ("a whole job")
     * @throws InvalidLabelsException naming every field at fault
     */
    public static LabelPatch fromJson(JsonNode body, String whose) {
        if (body == null || !body.isObject()) {
            throw new InvalidLabelsException(List.of("The body must be a JSON object of the labels to change, e.g. "
                    + "{\"driver\": \"ENA ARM64 2.2.1\", \"tags\": [\"seed\"]}."));
        }
        List<String> problems = new ArrayList<>();
        Map<String, Object> changes = new HashMap<>();
        for (Map.Entry<String, JsonNode> field : body.properties()) {
            String name = field.getKey();
            JsonNode value = field.getValue();
            if (!FIELDS.contains(name)) {
                problems.add(name + " is not a label of " + whose + "; the labels are " + String.join(", ", FIELDS)
                        + " (a run's other labels are changed with PATCH /api/v1/runs/{id})");
            } else if (value.isNull()) {
                changes.put(name, "tags".equals(name) ? List.of() : null);
            } else if (!"tags".equals(name) && value.isString()) {
                changes.put(name, value.stringValue().isBlank() ? null : value.stringValue().strip());
            } else if ("tags".equals(name) && value.isArray() && value.valueStream().allMatch(JsonNode::isString)) {
                changes.put(name, value.valueStream().map(JsonNode::stringValue).toList());
            } else {
                problems.add(name + " must be " + ("tags".equals(name) ? "a list of strings" : "a string")
                        + " or null, not " + value);
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidLabelsException(problems);
        }
        return new LabelPatch(changes);
    }

    /**
     * A form's fields as typed: an empty field changes nothing (a form cannot show one value for runs that differ),
     * tags are comma-separated and replace the runs' tags.
     */
    public static LabelPatch fromForm(String driver, String instanceType, String tags) {
        Map<String, Object> changes = new HashMap<>();
        if (driver != null && !driver.isBlank()) {
            changes.put("driver", driver.strip());
        }
        if (instanceType != null && !instanceType.isBlank()) {
            changes.put("instanceType", instanceType.strip());
        }
        if (tags != null && !tags.isBlank()) {
            changes.put("tags", List.of(tags.split(",")).stream().map(String::strip).filter(tag -> !tag.isEmpty())
                    .distinct().toList());
        }
        return new LabelPatch(changes);
    }
}
