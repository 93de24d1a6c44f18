package com.burstline.server.run;

import jakarta.servlet.http.HttpServletRequest;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;

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

    /**
     * @param repeatable the parameters that may be given more than once (tag=a&tag=b); any other given twice would
     *                   be read as one value joined by a comma ({@code sut=a&sut=b} stored as "a,b")
     * @throws InvalidRunInputException naming the first unknown parameter and the known ones, or the first repeated
     */
    static void requireKnown(HttpServletRequest request, List<String> known, Set<String> repeatable, String what) {
        firstUnknown(request.getParameterMap().keySet(), known).ifPresent(name -> {
            throw new InvalidRunInputException("unknown parameter '" + name + "'; " + what + " takes "
                    + String.join(", ", known));
        });
        request.getParameterMap().forEach((name, values) -> {
            if (values.length > 1 && !repeatable.contains(name)) {
                throw new InvalidRunInputException("parameter '" + name + "' is given " + values.length
                        + " times; " + what + " takes it once" + (repeatable.isEmpty() ? ""
                        : " (only " + String.join(", ", repeatable) + " may repeat)"));
            }
        });
    }
}
