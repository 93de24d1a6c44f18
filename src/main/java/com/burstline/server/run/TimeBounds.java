package com.burstline.server.run;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/**
 * The {@code from} and {@code to} of a date range, in UTC like every time Burstline shows: a date
 * ({@code 2026-11-30}), a date and time ({@code 2026-11-30T09:00}, as a date picker sends it) or an instant
 * ({@code 2026-11-30T09:00:00Z}). A {@code to} date includes that whole day.
 */
public final class TimeBounds {
    private TimeBounds() {
    }

    /** @throws InvalidRunInputException when the value is none of the three forms */
    public static Instant from(String value) {
        return parse("from", value, false);
    }

    /** The first instant after the range: a date's next midnight, otherwise the time itself. */
    public static Instant to(String value) {
        return parse("to", value, true);
    }

    private static Instant parse(String name, String value, boolean end) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String text = value.strip();
        try {
            if (text.length() == 10) {
                LocalDate date = LocalDate.parse(text);
                return (end ? date.plusDays(1) : date).atStartOfDay().toInstant(ZoneOffset.UTC);
            }
            if (text.endsWith("Z") || text.matches(".*[+-]\\d{2}:\\d{2}$")) {
                return java.time.OffsetDateTime.parse(text).toInstant();
            }
            return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            throw new InvalidRunInputException(name + " must be a UTC date or time such as 2026-11-30 or "
                    + "2026-11-30T09:00, not '" + text + "'");
        }
    }
}
