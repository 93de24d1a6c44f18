package com.burstline.server.run;

import jakarta.servlet.http.HttpServletRequest;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Refuses a query parameter an endpoint does not know, rather than ignoring it: {@code instancetype=t4g.large} or
 * {@code tags=x} would otherwise store or select as if it had not been given, with an answer that looks right. The
 * runs API, comparisons, reports and trends all look for one the same way ({@link #firstUnknown}).
 */
public final class QueryParameters {
    private QueryParameters() {
    }

    /** The first of {@code given} that is not among {@code known}, in the order given. */
    public static Optional<String> firstUnknown(Collection<String> given, Collection<String> known) {
        return given.stream().filter(name -> !known.contains(name)).findFirst();
    }

    /** @throws InvalidRunInputException naming the first unknown parameter and the known ones */
    static void requireKnown(HttpServletRequest request, List<String> known, String what) {
        firstUnknown(request.getParameterMap().keySet(), known).ifPresent(name -> {
            throw new InvalidRunInputException("unknown parameter '" + name + "'; " + what + " takes "
                    + String.join(", ", known));
        });
    }
}
