package com.burstline.agent;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Typed, bounded reads from a parsed JSON request; every failure names the field and the allowed range. */
final class RequestFields {
    private final Map<String, Object> fields;

    RequestFields(Map<String, Object> fields) {
        this.fields = fields;
    }

    long requireLong(String name, long min, long max) {
        Object value = fields.get(name);
        if (!(value instanceof Number number) || number.doubleValue() != Math.rint(number.doubleValue())) {
            throw new InvalidRequestException(name + " must be a whole number");
        }
        return bounded(name, number.longValue(), min, max);
    }

    Long optionalLong(String name, long min, long max) {
        return fields.get(name) == null ? null : requireLong(name, min, max);
    }

    long longOr(String name, long min, long max, long fallback) {
        return fields.get(name) == null ? fallback : requireLong(name, min, max);
    }

    double requireDouble(String name, double min, double max) {
        Object value = fields.get(name);
        if (!(value instanceof Number number) || !Double.isFinite(number.doubleValue())) {
            throw new InvalidRequestException(name + " must be a number");
        }
        double result = number.doubleValue();
        if (result < min || result > max) {
            throw new InvalidRequestException(name + " must be between " + min + " and " + max + ", not " + result);
        }
        return result;
    }

    double optionalDouble(String name, double min, double max, double fallback) {
        return fields.get(name) == null ? fallback : requireDouble(name, min, max);
    }

    String requireString(String name, int maxLength) {
        Object value = fields.get(name);
        if (!(value instanceof String text) || text.isBlank()) {
            throw new InvalidRequestException(name + " must be a non-empty string");
        }
        if (text.length() > maxLength) {
            throw new InvalidRequestException(name + " must be at most " + maxLength + " characters");
        }
        return text;
    }

    /** One of the allowed words, compared without regard to case; answered in the allowed spelling. */
    String requireChoice(String name, Set<String> allowed) {
        String value = requireString(name, 32);
        return allowed.stream().filter(choice -> choice.equalsIgnoreCase(value)).findFirst()
                .orElseThrow(() -> new InvalidRequestException(name + " must be one of " + allowed + ", not '"
                        + value.toLowerCase(Locale.ROOT) + "'"));
    }

    private static long bounded(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new InvalidRequestException(name + " must be between " + min + " and " + max + ", not " + value);
        }
        return value;
    }
}
