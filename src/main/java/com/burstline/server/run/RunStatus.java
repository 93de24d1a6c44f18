package com.burstline.server.run;

import java.util.Locale;

/**
 * Whether a run measured its whole test. A partial run's scenario failed or was cancelled after measuring something:
 * its figures cover only what was measured until then, so comparisons, trends and reports leave it out unless asked
 * for ({@code status=partial}).
 */
public enum RunStatus {
    COMPLETE,
    PARTIAL;

    /** The lower-case name used in the API ({@code ?status=partial}) and the database. */
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @throws InvalidRunInputException for anything but complete or partial (any case) */
    public static RunStatus fromApiName(String value) {
        for (RunStatus status : values()) {
            if (status.apiName().equalsIgnoreCase(value.strip())) {
                return status;
            }
        }
        throw new InvalidRunInputException("status must be complete or partial, not '" + value + "'");
    }
}
