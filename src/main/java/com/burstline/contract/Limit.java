package com.burstline.contract;

import java.math.BigDecimal;

/**
 * The allowed range of one numeric field; the one place a bound is written down, whichever side checks it.
 * Problems read "streams must be between 1 and 128, not 0".
 */
public record Limit(String field, double min, double max) {

    /** Null when {@code value} is within the range, otherwise the problem, prefixed with {@code at} (a path). */
    public String problem(String at, double value) {
        if (value >= min && value <= max) {
            return null;
        }
        return at + field + " must be between " + format(min) + " and " + format(max) + ", not " + format(value);
    }

    /** The value when it is within the range, else an {@link InvalidMessageException} that says so. */
    public double check(double value) {
        String problem = problem("", value);
        if (problem != null) {
            throw new InvalidMessageException(problem);
        }
        return value;
    }

    public int maxInt() {
        return (int) max;
    }

    public long maxLong() {
        return (long) max;
    }

    /** 60 rather than 60.0, 0.1 as it is, 400000000000 rather than 4.0E11. */
    static String format(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return Double.toString(value);
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
