package com.burstline.server.system;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A request body that could not be read, as a problem that names the field: an unknown field ("duration" for
 * "durationSeconds") is refused rather than ignored, because an ignored typo silently changes what a request does.
 * The problem carries {@code field} (the JSON path) and, for unknown fields, {@code knownFields}.
 */
public final class RequestBodyProblems {
    private RequestBodyProblems() {
    }

    /** @param fallback what the body should look like, for bodies that are not JSON at all */
    public static ProblemDetail unreadable(HttpMessageNotReadableException error, String fallback) {
        JacksonException cause = jacksonCause(error);
        if (cause instanceof UnrecognizedPropertyException unknown) {
            return unknownField(path(cause), unknown.getKnownPropertyIds());
        }
        String field = cause == null ? "" : path(cause);
        if (field.isEmpty()) {
            return invalid(fallback, null);
        }
        return invalid("The field '" + field + "' has a value of the wrong type. " + fallback, field);
    }

    /** For bodies read by hand (a JSON object of optional fields): the same answer as for bound bodies. */
    public static ProblemDetail unknownField(String field, Collection<?> known) {
        List<String> names = known.stream().map(String::valueOf).sorted().toList();
        ProblemDetail problem = invalid("Unknown field '" + field + "' in the request body; the known fields are "
                + names.stream().collect(Collectors.joining(", ")) + ".", field);
        problem.setProperty("knownFields", names);
        return problem;
    }

    private static ProblemDetail invalid(String detail, String field) {
        ProblemDetail problem = ProblemTypes.problem(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_INPUT,
                "Invalid input", detail);
        if (field != null) {
            problem.setProperty("field", field);
        }
        return problem;
    }

    private static JacksonException jacksonCause(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof JacksonException jackson) {
                return jackson;
            }
        }
        return null;
    }

    /** "scenarios[0].duration" from Jackson's reference chain. */
    private static String path(JacksonException error) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference reference : error.getPath()) {
            if (reference.getPropertyName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }
}
