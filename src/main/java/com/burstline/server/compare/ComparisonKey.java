package com.burstline.server.compare;

import com.burstline.contract.Protocol;
import com.burstline.contract.ScenarioNames;
import com.burstline.server.run.RunSummary;

import java.util.Comparator;

/**
 * What makes runs comparable: the same protocol, direction, number of streams and UDP target. Grouped by direction,
 * the two directions are the groups, so the key holds {@link #BOTH_WAYS} and the pair instead (a twin is measured
 * between the same two hosts).
 */
record ComparisonKey(Protocol protocol, String direction, int streams, Long targetBitsPerSecond, String pair) {
    static final String BOTH_WAYS = "upload vs download";
    static final Comparator<ComparisonKey> ORDER = Comparator.comparing(ComparisonKey::protocol)
            .thenComparing(ComparisonKey::streams)
            .thenComparing(key -> key.targetBitsPerSecond() == null ? 0L : key.targetBitsPerSecond())
            .thenComparing(ComparisonKey::direction, Comparator.comparing(ComparisonKey::directionRank))
            .thenComparing(key -> key.pair() == null ? "" : key.pair());

    static ComparisonKey of(RunSummary run, GroupBy groupBy) {
        Long target = run.udp() ? run.scenario().targetBitsPerSecond() : null;
        if (groupBy == GroupBy.DIRECTION) {
            return new ComparisonKey(run.scenario().protocol(), BOTH_WAYS, run.scenario().streams(), target,
                    GroupBy.PAIR.keysOf(run).get(0));
        }
        return new ComparisonKey(run.scenario().protocol(), run.scenario().direction().apiName(),
                run.scenario().streams(), target, null);
    }

    /** How a verdict names the scenario: "4-stream download", "UDP 1 Gbit/s upload", "1-stream TCP on a/b". */
    String label() {
        if (protocol.requestResponse()) {
            return streams + "-flow " + protocol + (pair != null ? " on " + pair : "");
        }
        boolean udp = protocol == Protocol.UDP;
        if (pair != null) {
            String what = udp && targetBitsPerSecond != null ? name() : streams + "-stream " + protocol;
            return what + " on " + pair;
        }
        if (udp && targetBitsPerSecond != null) {
            return name() + " " + direction;
        }
        return streams + "-stream " + (udp ? "UDP " : "") + direction;
    }

    /** As the seed article's tables name a scenario: "TCP 1 stream", "UDP 1 Gbit/s". */
    String name() {
        return ScenarioNames.shortName(protocol, streams, targetBitsPerSecond);
    }

    private static int directionRank(String direction) {
        return switch (direction) {
            case "upload" -> 0;
            case "download" -> 1;
            default -> 2;
        };
    }
}
