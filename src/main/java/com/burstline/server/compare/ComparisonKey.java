package com.burstline.server.compare;

import com.burstline.server.run.RunSummary;

import java.util.Comparator;
import java.util.Locale;

/** What makes runs comparable: the same protocol, direction, number of streams and UDP target. */
record ComparisonKey(String protocol, String direction, int streams, Long targetBitsPerSecond) {
    static final Comparator<ComparisonKey> ORDER = Comparator.comparing(ComparisonKey::protocol)
            .thenComparing(ComparisonKey::streams)
            .thenComparing(key -> key.targetBitsPerSecond() == null ? 0L : key.targetBitsPerSecond())
            .thenComparing(ComparisonKey::direction, Comparator.comparing(ComparisonKey::directionRank));

    static ComparisonKey of(RunSummary run) {
        Long target = "UDP".equals(run.protocol()) ? run.targetBitsPerSecond() : null;
        return new ComparisonKey(run.protocol(), run.direction(), run.streams(), target);
    }

    /** How a verdict names the scenario: "4-stream download", "UDP 1 Gbit/s upload". */
    String label() {
        if ("UDP".equals(protocol) && targetBitsPerSecond != null) {
            return "UDP " + rate(targetBitsPerSecond) + " " + direction;
        }
        return streams + "-stream " + ("UDP".equals(protocol) ? "UDP " : "") + direction;
    }

    private static int directionRank(String direction) {
        return switch (direction) {
            case "upload" -> 0;
            case "download" -> 1;
            default -> 2;
        };
    }

    private static String rate(long bitsPerSecond) {
        return bitsPerSecond >= 1_000_000_000L
                ? String.format(Locale.ROOT, "%.3g", bitsPerSecond / 1e9).replaceAll("\\.?0+$", "") + " Gbit/s"
                : String.format(Locale.ROOT, "%.3g", bitsPerSecond / 1e6).replaceAll("\\.?0+$", "") + " Mbit/s";
    }
}
