package com.burstline.server.run;

import jakarta.servlet.http.HttpServletRequest;

import java.util.List;

/**
 * Refuses a query parameter an endpoint does not know, rather than ignoring it: {@code instancetype=t4g.large} or
 * {@code tags=x} would otherwise store or select as if it had not been given, with an answer that looks right.
 */
final class QueryParameters {
    private QueryParameters() {
    }

    /** @throws InvalidRunInputException naming the first unknown parameter and the known ones */
    static void requireKnown(HttpServletRequest request, List<String> known, String what) {
        request.getParameterMap().keySet().stream().filter(name -> !known.contains(name)).findFirst()
                .ifPresent(name -> {
                    throw new InvalidRunInputException("unknown parameter '" + name + "'; " + what + " takes "
                            + String.join(", ", known));
                });
    }
}
