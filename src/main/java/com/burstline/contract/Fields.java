package com.burstline.contract;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Typed, bounded reads from a parsed JSON object (see {@link Json}); every failure is an
 * {@link InvalidMessageException} that names the field and the allowed range.
 */
public final class Fields {
    private final Map<String, Object> fields;

    public Fields(Map<String, Object> fields) {
        this.fields = fields;
    }

    public long requireLong(String name, long min, long max) {
        Object value = fields.get(name);
        if (!(value instanceof Number number) || number.doubleValue() != Math.rint(number.doubleValue())) {
            throw new InvalidMessageException(name + " must be a whole number");
        }
        return bounded(name, number.longValue(), min, max);
    }

    public long requireLong(Limit limit) {
        return requireLong(limit.field(), (long) limit.min(), (long) limit.max());
    }

    public int requireInt(Limit limit) {
        return (int) requireLong(limit);
    }

    /** Null when absent. */
    public Long optionalLong(Limit limit) {
        return fields.get(limit.field()) == null ? null : requireLong(limit);
    }

    public int intOr(Limit limit, int fallback) {
        return fields.get(limit.field()) == null ? fallback : requireInt(limit);
    }

    public double requireDouble(Limit limit) {
        Object value = fields.get(limit.field());
        if (!(value instanceof Number number) || !Double.isFinite(number.doubleValue())) {
            throw new InvalidMessageException(limit.field() + " must be a number");
        }
        return limit.check(number.doubleValue());
    }

    /** A finite number, or null when absent or null; anything else is refused. */
    public Double optionalDouble(String name) {
        Object value = fields.get(name);
        if (value == null) {
            return null;
        }
        if (!(value instanceof Number number) || !Double.isFinite(number.doubleValue())) {
            throw new InvalidMessageException(name + " must be a number");
        }
        return number.doubleValue();
    }

    public double doubleOr(Limit limit, double fallback) {
        return fields.get(limit.field()) == null ? fallback : requireDouble(limit);
    }

    public String requireString(String name, int maxLength) {
        Object value = fields.get(name);
        if (!(value instanceof String text) || text.isBlank()) {
            throw new InvalidMessageException(name + " must be a non-empty string");
        }
        if (text.length() > maxLength) {
            throw new InvalidMessageException(name + " must be at most " + maxLength + " characters");
        }
        return text;
    }

    /** A string, or null when absent or not a string (for fields only shown to people). */
    public String optionalString(String name) {
        return fields.get(name) instanceof String text ? text : null;
    }

    /** One of the allowed words, compared without regard to case; answered in the allowed spelling. */
    public String requireChoice(String name, Set<String> allowed) {
        String value = requireString(name, 32);
        return allowed.stream().filter(choice -> choice.equalsIgnoreCase(value)).findFirst()
                .orElseThrow(() -> new InvalidMessageException(name + " must be one of " + allowed + ", not '"
                        + value.toLowerCase(Locale.ROOT) + "'"));
    }

    /**
     * The fields when every name is one of {@code known}; an unknown one (a misspelt field, or one this side does not
     * read) is refused by name rather than dropped.
     */
    public Fields onlyKnown(Set<String> known) {
        for (String name : fields.keySet()) {
            if (!known.contains(name)) {
                throw new InvalidMessageException("unknown field '" + name + "' (known: "
                        + known.stream().sorted().toList() + ")");
            }
        }
        return this;
    }

    /** Whether the field is absent or null. */
    public boolean isAbsent(String name) {
        return fields.get(name) == null;
    }

    /** A nested object, or an empty map when absent or not an object. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> object(String name) {
        return fields.get(name) instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
    }

    /** A list of nested objects; items that are not objects are left out. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> objects(String name) {
        if (!(fields.get(name) instanceof List<?> list)) {
            return List.of();
        }
        return list.stream().filter(Map.class::isInstance).map(item -> (Map<String, Object>) item).toList();
    }

    /** A list of strings; items that are not strings are left out. */
    public List<String> strings(String name) {
        if (!(fields.get(name) instanceof List<?> list)) {
            return List.of();
        }
        return list.stream().filter(String.class::isInstance).map(String.class::cast).toList();
    }

    /** A number as a long, or null when absent or not a number (for facts, which may be unknown). */
    public Long optionalNumber(String name) {
        return fields.get(name) instanceof Number number ? number.longValue() : null;
    }

    private static long bounded(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new InvalidMessageException(name + " must be between " + min + " and " + max + ", not " + value);
        }
        return value;
    }
}
