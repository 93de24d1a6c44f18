package com.burstline.server.web;

import com.burstline.server.run.RunFilter;

import java.util.stream.Stream;

/** The runs list's filter form, bound from query parameters; {@link RunFilter} checks the values. */
record RunListQuery(String sut, String peer, String driver, String instanceType, String protocol, String direction,
                    String tag) {

    /** @throws com.burstline.server.run.InvalidRunInputException when protocol or direction is unknown */
    RunFilter toFilter() {
        return new RunFilter(sut, peer, driver, instanceType, protocol, direction, tag);
    }

    /** Whether any field was filled in; answers even when a value is invalid, so the form can stay open. */
    boolean isFiltered() {
        return Stream.of(sut, peer, driver, instanceType, protocol, direction, tag)
                .anyMatch(value -> value != null && !value.isBlank());
    }
}
