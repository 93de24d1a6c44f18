package com.burstline.server.job.planning;

import java.util.List;

/**
 * The labels a job gives every run it stores ({@code labels} of {@code POST /api/v1/jobs}): {@code driver} and
 * {@code instanceType} replace what the agent's facts say, {@code tags} are added to the job's tags. All optional.
 */
public record JobLabels(String driver, String instanceType, List<String> tags) {
    public JobLabels {
        driver = blankToNull(driver);
        instanceType = blankToNull(instanceType);
        tags = tags == null ? List.of() : List.copyOf(tags);
    }

    public static JobLabels none() {
        return new JobLabels(null, null, List.of());
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
