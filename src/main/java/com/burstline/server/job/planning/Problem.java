package com.burstline.server.job.planning;

import com.burstline.contract.Limit;

/**
 * One thing wrong with a job request, as data: where ({@code row}: the request's scenario index, {@code pair}: its pair
 * index, {@code field}: the API's field name), what kind of problem, and for a value out of bounds the bound and the
 * value given. {@code text} is the API's words (problem details' {@code errors}); pages word it their own way from
 * the rest (the "New job" form in its labels, rows and units), never by reading {@code text} back.
 */
public record Problem(Kind kind, String text, String field, Integer row, Integer pair, Limit limit, Double value,
                      String message) {

    public enum Kind {
        /** A value out of its {@code limit}. */
        OUT_OF_RANGE,
        /** A field that must be given. */
        MISSING,
        /** A UDP scenario without its target. */
        NEEDS_TARGET,
        /** No agent chosen for {@code field} (sut or peer). */
        NO_AGENT,
        /** No agent of the name {@code message} is registered for {@code field}. */
        UNKNOWN_AGENT,
        /** Anything else: {@code message} follows the field's name. */
        OTHER
    }

    /** A problem no single field stands for; its text is its words everywhere. */
    public static Problem of(String text) {
        return new Problem(Kind.OTHER, text, null, null, null, null, null, text);
    }

    /** "{field} {message}", at a scenario row, a pair or the request itself (both null). */
    public static Problem at(Integer row, Integer pair, String field, String message) {
        return new Problem(Kind.OTHER, prefix(row, pair) + field + " " + message, field, row, pair, null, null,
                message);
    }

    /** A value out of its limit; null when it is within. */
    public static Problem range(Integer row, Integer pair, Limit limit, double value) {
        String text = limit.problem(prefix(row, pair), value);
        return text == null ? null : new Problem(Kind.OUT_OF_RANGE, text, limit.field(), row, pair, limit, value,
                null);
    }

    static Problem missing(Integer row, String field, String text) {
        return new Problem(Kind.MISSING, text, field, row, null, null, null, null);
    }

    static Problem needsTarget(int row, String text) {
        return new Problem(Kind.NEEDS_TARGET, text, "targetBitsPerSecond", row, null, null, null, null);
    }

    static Problem agent(Kind kind, Integer pair, String field, String name, String text) {
        return new Problem(kind, text, field, null, pair, null, null, name);
    }

    private static String prefix(Integer row, Integer pair) {
        return row != null ? "scenarios[" + row + "]." : pair != null ? "pairs[" + pair + "]." : "";
    }
}
