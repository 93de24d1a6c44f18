package com.burstline.server.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * {@code coolDownSeconds} as it was sent: a whole number of seconds, or anything else kept as text so that
 * {@link JobRules} can say what is wrong with it. A value of its own rather than an {@code Integer}, so that a word
 * ({@code "auto"}: wait as long as the measured burst credits need) can be added later without a new field.
 */
@Schema(type = "integer", minimum = "0", maximum = "3600",
        description = "Seconds to wait between two scenarios on the same host (SUT or peer), so burst credits refill")
public record CoolDownRequest(Integer seconds, String given) {
    /** The one word the field will take besides a number, once the burst-credit probe exists. */
    static final String AUTO = "auto";

    public static CoolDownRequest ofSeconds(int seconds) {
        return new CoolDownRequest(seconds, String.valueOf(seconds));
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static CoolDownRequest of(Object value) {
        if (value instanceof Integer seconds) {
            return ofSeconds(seconds);
        }
        return new CoolDownRequest(null, String.valueOf(value));
    }

    @JsonValue
    Object json() {
        return seconds != null ? seconds : given;
    }
}
