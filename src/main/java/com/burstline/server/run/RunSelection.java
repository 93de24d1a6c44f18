package com.burstline.server.run;

import java.util.List;

/**
 * Which runs a comparison, report or export covers: explicit run ids, or the runs matching {@code filter}, narrowed
 * to those whose {@code dimension} ({@code driver}, {@code instanceType}, {@code sut}, {@code tag}, or {@code job}
 * with job ids as values) has one of {@code values}. Empty lists mean "no restriction".
 */
public record RunSelection(List<Long> runIds, RunFilter filter, String dimension, List<String> values) {
    public RunSelection {
        runIds = runIds == null ? List.of() : List.copyOf(runIds);
        filter = filter == null ? RunFilter.none() : filter;
        values = values == null ? List.of() : List.copyOf(values);
    }
}
