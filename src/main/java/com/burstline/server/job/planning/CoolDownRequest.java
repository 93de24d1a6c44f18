package com.burstline.server.job.planning;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.swagger.v3.oas.annotations.media.Schema;

/**
 * {@code coolDownSeconds} as it was sent: a whole number of seconds, or anything else kept as text so that
 * {@link JobRules} can say what is wrong with it, or the word {@code "auto"}: wait as long as the SUTs' latest
 * burst probes say their credit takes to refill ({@link AutoCoolDown}).
 */
@Schema(oneOf = {Integer.class, String.class}, example = "120",
        description = "Seconds (0-3600) to wait between two scenarios on the same host (SUT or peer), so burst "
                + "credits refill; or \"auto\": the refill time the latest burst probe of each SUT estimates")
public record CoolDownRequest(Integer seconds, String given) {
    /** The one word the field takes besides a number. */
    public static final String AUTO = "auto";

    public static CoolDownRequest ofSeconds(int seconds) {
        return new CoolDownRequest(seconds, String.valueOf(seconds));
    }

    public static CoolDownRequest auto() {
        return new CoolDownRequest(null, AUTO);
    }

    public boolean isAuto() {
        return seconds == null && AUTO.equals(given);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static CoolDownRequest of(Object value) {
        if (value instanceof Integer seconds) {
            return ofSeconds(seconds);
        }
        return new CoolDownRequest(null, String.valueOf(value));
    }

    @JsonValue
    public Object json() {
        return seconds != null ? seconds : given;
    }
}
