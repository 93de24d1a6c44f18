package com.burstline.contract;

import java.math.BigDecimal;

/**
 * How pages, reports, metrics and comparisons name a scenario and say its rates, from its parts: a stored run's or a
 * comparison's group's scenario is known by figures that {@link Scenario}'s limits do not bound, so these take the
 * parts rather than a scenario. {@link Scenario#name()} and its kin are these on a scenario's own parts.
 */
public final class ScenarioNames {
    private ScenarioNames() {
    }

    /** {@link Scenario#targetText()} of runs grouped by their streams and target (a comparison's). */
    public static String targetText(Long targetBitsPerSecond, int streams) {
        if (targetBitsPerSecond == null) {
            return null;
        }
        String whole = rate(Scenario.wholeTarget(targetBitsPerSecond, streams));
        return streams > 1 ? whole + " (" + streams + " × " + rate(targetBitsPerSecond) + ")" : whole;
    }

    /** {@link Scenario#name()} of a stored scenario: with its message size where it has one. */
    public static String name(Protocol protocol, Direction direction, int streams, Long targetBitsPerSecond,
                              Integer messageBytes) {
        return protocol.requestResponse() && messageBytes != null
                ? shortName(protocol, streams, null) + ", " + messageBytes + " B"
                : name(protocol, direction, streams, targetBitsPerSecond);
    }

    /**
     * {@link Scenario#name()} of a scenario known by a stored run's figures, which the limits here do not bound. A
     * request/response scenario has no direction to name: its transactions go both ways.
     */
    public static String name(Protocol protocol, Direction direction, int streams, Long targetBitsPerSecond) {
        return protocol.requestResponse() ? shortName(protocol, streams, null)
                : shortName(protocol, streams, targetBitsPerSecond) + " " + direction.apiName();
    }

    /**
     * {@link Scenario#shortName()} of what runs grouped by protocol, streams and target have in common (a
     * comparison's).
     */
    public static String shortName(Protocol protocol, int streams, Long targetBitsPerSecond) {
        if (protocol.requestResponse()) {
            return protocol + " " + streams + (streams == 1 ? " flow" : " flows");
        }
        return protocol == Protocol.UDP && targetBitsPerSecond != null ? "UDP " + rate(targetBitsPerSecond)
                : protocol + " " + streams + (streams == 1 ? " stream" : " streams");
    }

    /**
     * A target rate as a scenario's name says it, in the largest unit that keeps it at 1 or more and without
     * trailing zeros: "1 Gbit/s", "1.5 Gbit/s", "500 Mbit/s", "64 kbit/s". The one formatter of a scenario's rate.
     */
    public static String rate(long bitsPerSecond) {
        if (bitsPerSecond >= 1_000_000_000L) {
            return plain(bitsPerSecond, 9) + " Gbit/s";
        }
        return bitsPerSecond >= 1_000_000L ? plain(bitsPerSecond, 6) + " Mbit/s" : plain(bitsPerSecond, 3) + " kbit/s";
    }

    private static String plain(long value, int scale) {
        return BigDecimal.valueOf(value).movePointLeft(scale).stripTrailingZeros().toPlainString();
    }
}
