package com.burstline.server.web;

import com.burstline.server.run.RunFilter;

import java.util.stream.Stream;

/**
 * The runs list's filter form, bound from query parameters, the same names as the API's ({@code /runs?job=2}
 * works); {@link RunFilter#fromParameters} checks the values.
 */
record RunListQuery(String sut, String peer, String driver, String instanceType, String protocol, String direction,
                    String tag, Long job, String from, String to, String status) {

    /** @throws com.burstline.server.run.InvalidRunInputException when a value is invalid */
    RunFilter toFilter() {
        return RunFilter.fromParameters(sut, peer, driver, instanceType, protocol, direction, tag, job, from, to,
                status);
    }

    /** Whether any field was filled in; answers even when a value is invalid, so the form can stay open. */
    boolean isFiltered() {
        return job != null || Stream.of(sut, peer, driver, instanceType, protocol, direction, tag, from, to, status)
                .anyMatch(value -> value != null && !value.isBlank());
    }

    /** The selection as a query string for the compare, report and CSV links ("" when unfiltered). */
    String selection() {
        StringBuilder query = new StringBuilder();
        append(query, "sut", sut);
        append(query, "peer", peer);
        append(query, "driver", driver);
        append(query, "instanceType", instanceType);
        append(query, "protocol", protocol);
        append(query, "direction", direction);
        append(query, "tag", tag);
        append(query, "job", job == null ? null : job.toString());
        append(query, "from", from);
        append(query, "to", to);
        append(query, "status", status);
        return query.toString();
    }

    /**
     * The "Compare these runs" link's query: one job's runs are compared upload against download, as the job page
     * does; by driver, compare's default, otherwise.
     */
    String compareSelection() {
        String selection = selection();
        if (job == null) {
            return selection.isEmpty() ? "" : "?" + selection;
        }
        return "?" + selection + "&groupBy=direction";
    }

    private static void append(StringBuilder query, String name, String value) {
        if (value != null && !value.isBlank()) {
            query.append(query.isEmpty() ? "" : "&").append(name).append('=')
                    .append(java.net.URLEncoder.encode(value.strip(), java.nio.charset.StandardCharsets.UTF_8));
        }
    }
}
