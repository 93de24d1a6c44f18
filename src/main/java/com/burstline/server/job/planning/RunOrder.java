package com.burstline.server.job.planning;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** In which order a job runs its scenarios on its pairs; the API names are part of the API. */
public enum RunOrder {
    /** Each pair in turn, repetition after repetition: what a job of one pair always did. */
    SEQUENTIAL,
    /** Per repetition and scenario, every pair in turn (A, B, A, B), so that drift over time hits all pairs alike. */
    INTERLEAVED,
    /** Per repetition, the scenarios of every pair in a random order drawn from the job's seed. */
    RANDOMIZED;

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Null for a name that is none of them. */
    public static RunOrder fromApiName(String value) {
        return Arrays.stream(values()).filter(order -> order.apiName().equals(value)).findFirst().orElse(null);
    }

    public static String allowed() {
        return Arrays.stream(values()).map(order -> "'" + order.apiName() + "'").collect(Collectors.joining(", "));
    }
}
