package com.burstline.server.run;

import jakarta.servlet.http.HttpServletRequest;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which runs {@code PATCH /api/v1/runs/labels} relabels, read from its query: {@code id=…} (repeatable), or the runs
 * list's filters; exactly one of the two, so that a bare request never relabels every run.
 */
record RelabelSelectionQuery(List<Long> runIds, RunFilter filter) {
    static final List<String> FILTER_PARAMETERS = List.of("sut", "peer", "driver", "instanceType", "protocol",
            "direction", "tag", "job", "from", "to", "status");
    private static final List<String> PARAMETERS = Stream.concat(Stream.of("id"), FILTER_PARAMETERS.stream())
            .toList();

    /** @throws InvalidRunInputException for an unknown parameter, a value out of bounds, or neither or both kinds */
    static RelabelSelectionQuery of(HttpServletRequest request) {
        QueryParameters.requireKnown(request, PARAMETERS, Set.of("id"), "relabelling runs");
        String[] given = request.getParameterValues("id");
        List<Long> ids = given == null ? List.of() : Arrays.stream(given).map(value -> number("id", value)).toList();
        boolean filtered = FILTER_PARAMETERS.stream().anyMatch(name -> request.getParameter(name) != null);
        if (ids.isEmpty() == !filtered) {
            throw new InvalidRunInputException(ids.isEmpty()
                    ? "Name the runs to relabel: id=… (repeatable), or the runs list's filters, e.g. ?job=12 or "
                    + "?driver=ena&tag=seed; a request without either would relabel every run."
                    : "Give either id=… or filters, not both: ids name the runs exactly.");
        }
        return new RelabelSelectionQuery(ids, filtered ? filter(request) : RunFilter.none());
    }

    private static RunFilter filter(HttpServletRequest request) {
        String job = request.getParameter("job");
        return RunFilter.fromParameters(request.getParameter("sut"), request.getParameter("peer"),
                request.getParameter("driver"), request.getParameter("instanceType"), request.getParameter("protocol"),
                request.getParameter("direction"), request.getParameter("tag"),
                job == null || job.isBlank() ? null : number("job", job), request.getParameter("from"),
                request.getParameter("to"), request.getParameter("status"));
    }

    private static Long number(String name, String value) {
        try {
            return Long.valueOf(value.strip());
        } catch (NumberFormatException e) {
            throw new InvalidRunInputException(name + " must be an id (a number), not '" + value + "'");
        }
    }
}
