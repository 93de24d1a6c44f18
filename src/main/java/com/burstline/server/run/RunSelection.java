package com.burstline.server.run;

import java.util.List;

/**
 * Which runs a comparison, report or export covers: explicit run ids, or the runs matching {@code filter}, narrowed
 * to those whose {@code dimension} ({@code driver}, {@code instanceType}, {@code sut}, {@code tag}, {@code job} with
 * job ids as values, or {@code pair} with "SUT/peer" values) has one of {@code values}, and to one of {@code pairs}
 * ("SUT/peer", see {@link RunPairs}). Empty lists mean "no restriction".
 */
public record RunSelection(List<Long> runIds, RunFilter filter, String dimension, List<String> values,
                           List<String> pairs) {
    public RunSelection {
        runIds = runIds == null ? List.of() : List.copyOf(runIds);
        filter = filter == null ? RunFilter.none() : filter;
        values = values == null ? List.of() : List.copyOf(values);
        pairs = pairs == null ? List.of() : List.copyOf(pairs);
    }

    /** Without a pair filter. */
    public RunSelection(List<Long> runIds, RunFilter filter, String dimension, List<String> values) {
        this(runIds, filter, dimension, values, List.of());
    }
}
