package com.burstline.contract;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What one measurement runs: the job's plan makes one, the server stores and dispatches it inside a
 * {@link ScenarioSpec}, and the agent builds its argument list from it ({@link Iperf3Command}); a report rebuilds an
 * uploaded run's line from one. The limits live here ({@link #bounded()}) so that no value that did not pass them
 * reaches a tool's argument list; they are public so that the server's job checks name the same bounds. Pages, reports and the job's API name a scenario with {@link #name()}.
 */
public record Scenario(Protocol protocol, Direction direction, int streams, int durationSeconds,
                       double intervalSeconds, int omitSeconds, Long targetBitsPerSecond, String tool,
                       Integer messageBytes) {
    public static final Limit STREAMS = new Limit("streams", 1, 128);
    public static final Limit DURATION = new Limit("durationSeconds", 1, 3600);
    public static final Limit INTERVAL = new Limit("intervalSeconds", 0.1, 60);
    public static final Limit OMIT = new Limit("omitSeconds", 0, 600);
    public static final Limit TARGET = new Limit("targetBitsPerSecond", 1_000, 400_000_000_000L);
    /** A request's and a response's payload; 16 bytes carry a UDP transaction's cookie and sequence number. */
    public static final Limit MESSAGE_BYTES = new Limit("messageBytes", 16, 65_000);
    public static final int DEFAULT_MESSAGE_BYTES = 64;
    public static final double DEFAULT_INTERVAL = 1;
    /** iperf3's {@code -i 0}: no report per interval, only the end's; an uploaded run may have been made so. */
    public static final double NO_INTERVALS = 0;
    /** The stock iperf3 binary. */
    public static final String TOOL_IPERF3 = "iperf3";
    /**
     * The agent's own engine (com.burstline.engine), for hosts without a native iperf3 build: the name its runs
     * carry as their program ("burstline-java 0.1.0" where iperf3 says "iperf3 3.12"), the one name everywhere.
     */
    public static final String TOOL_ENGINE = "burstline-java";
    /** What the API called the engine before it had one name; still accepted, always read as {@link #TOOL_ENGINE}. */
    public static final String TOOL_ENGINE_FORMER_NAME = "java";
    /** iperf3 when the agent has a native binary, else the engine: the agent decides. */
    public static final String TOOL_AUTO = "auto";
    public static final Set<String> TOOLS = Set.of(TOOL_IPERF3, TOOL_ENGINE, TOOL_AUTO);
    private static final Set<String> ACCEPTED_TOOLS = Set.of(TOOL_IPERF3, TOOL_ENGINE, TOOL_AUTO,
            TOOL_ENGINE_FORMER_NAME);
    public static final String UDP_NEEDS_TARGET =
            "targetBitsPerSecond is needed for UDP (iperf3 -b), e.g. 1000000000 for 1 Gbit/s";

    /**
     * Only what makes it a scenario at all, so that an uploaded run's scenario can be named and its line printed
     * (iperf3 takes -t 86400); what a job may run and an agent starts is {@link #bounded()}.
     */
    public Scenario {
        if (protocol == null || direction == null) {
            throw new InvalidMessageException("a scenario needs a protocol and a direction");
        }
        if (streams < 1 || durationSeconds < 0 || omitSeconds < 0 || !(intervalSeconds >= NO_INTERVALS)) {
            throw new InvalidMessageException("a scenario needs a stream, and no negative time or interval");
        }
        tool = checkTool(tool);
        if (protocol.requestResponse()) {
            RequestResponseRules.check(protocol, direction, targetBitsPerSecond, tool);
            tool = TOOL_ENGINE;
            messageBytes = messageBytes == null ? DEFAULT_MESSAGE_BYTES : messageBytes;
        } else if (messageBytes != null) {
            throw new InvalidMessageException("messageBytes is for " + Protocol.UDP_RR + " and " + Protocol.TCP_RR
                    + " only");
        }
    }

    /**
     * A scenario of this protocol and direction with iperf3's defaults for everything else (one stream, 10 s, 1 s
     * intervals, nothing omitted, no target, the tool the agent picks): callers name only what they set, so a new
     * field touches this record and the places that read or write it, not every place that makes one.
     */
    public static Builder of(Protocol protocol, Direction direction) {
        return new Builder(protocol, direction);
    }

    /** This scenario's values, to change some of them. */
    public Builder toBuilder() {
        return of(protocol, direction).streams(streams).durationSeconds(durationSeconds)
                .intervalSeconds(intervalSeconds).omitSeconds(omitSeconds).targetBitsPerSecond(targetBitsPerSecond)
                .tool(tool).messageBytes(messageBytes);
    }

    /** The one way to make a scenario field by field; {@link #build()} runs the record's checks. */
    public static final class Builder {
        private final Protocol protocol;
        private Direction direction;
        private int streams = 1;
        private int durationSeconds = 10;
        private double intervalSeconds = DEFAULT_INTERVAL;
        private int omitSeconds;
        private Long targetBitsPerSecond;
        private String tool = TOOL_AUTO;
        private Integer messageBytes;

        private Builder(Protocol protocol, Direction direction) {
            this.protocol = protocol;
            this.direction = direction;
        }

        public Builder direction(Direction value) {
            direction = value;
            return this;
        }

        public Builder streams(int value) {
            streams = value;
            return this;
        }

        public Builder durationSeconds(int value) {
            durationSeconds = value;
            return this;
        }

        public Builder intervalSeconds(double value) {
            intervalSeconds = value;
            return this;
        }

        public Builder omitSeconds(int value) {
            omitSeconds = value;
            return this;
        }

        public Builder targetBitsPerSecond(Long value) {
            targetBitsPerSecond = value;
            return this;
        }

        public Builder tool(String value) {
            tool = value;
            return this;
        }

        public Builder messageBytes(Integer value) {
            messageBytes = value;
            return this;
        }

        public Scenario build() {
            return new Scenario(protocol, direction, streams, durationSeconds, intervalSeconds, omitSeconds,
                    targetBitsPerSecond, tool, messageBytes);
        }
    }

    /**
     * This scenario when a job may run it: every value within the limits here, and UDP with a target. A
     * {@link ScenarioSpec} is only ever made of a bounded scenario, so no value beyond them reaches a tool's
     * argument list.
     */
    public Scenario bounded() {
        STREAMS.check(streams);
        DURATION.check(durationSeconds);
        INTERVAL.check(intervalSeconds);
        OMIT.check(omitSeconds);
        if (messageBytes != null) {
            MESSAGE_BYTES.check(messageBytes);
        }
        if (targetBitsPerSecond != null) {
            TARGET.check(targetBitsPerSecond);
        } else if (udp()) {
            throw new InvalidMessageException(UDP_NEEDS_TARGET);
        }
        return this;
    }

    /**
     * Which tool wrote an output, from the version it prints: the engine names itself ("burstline-java 0.1.0"),
     * anything else is iperf3.
     */
    public static String toolOf(String version) {
        return version != null && version.startsWith(TOOL_ENGINE + " ") ? TOOL_ENGINE : TOOL_IPERF3;
    }

    /** The tool's one name when it is one of {@link #TOOLS} (or the engine's former name), else refused. */
    public static String checkTool(String tool) {
        if (!ACCEPTED_TOOLS.contains(tool)) {
            throw new InvalidMessageException("tool must be one of " + TOOLS.stream().sorted().toList() + ", not '"
                    + tool + "'");
        }
        return TOOL_ENGINE_FORMER_NAME.equals(tool) ? TOOL_ENGINE : tool;
    }

    /** A message's {@code tool} field: {@link #TOOL_AUTO} when absent, else {@link #checkTool}'s answer. */
    static String readTool(Fields fields) {
        return fields.isAbsent("tool") ? TOOL_AUTO : checkTool(fields.requireString("tool", 32));
    }

    /** Read from the fields of a message that carries a scenario flat among its own (a {@link ScenarioSpec}). */
    static Scenario fromJson(Fields fields) {
        return of(Protocol.valueOf(fields.requireChoice("protocol", Protocol.NAMES)),
                Direction.fromApiName(fields.requireChoice("direction", Direction.NAMES)))
                .streams(fields.requireInt(STREAMS)).durationSeconds(fields.requireInt(DURATION))
                .intervalSeconds(fields.doubleOr(INTERVAL, DEFAULT_INTERVAL)).omitSeconds(fields.intOr(OMIT, 0))
                .targetBitsPerSecond(fields.optionalLong(TARGET))
                .tool(readTool(fields)) // tool absent: an older server's spec runs as before
                .messageBytes(fields.isAbsent(MESSAGE_BYTES.field()) ? null : fields.requireInt(MESSAGE_BYTES))
                .build().bounded();
    }

    /** The fields in the order the wire has always had; a {@link ScenarioSpec} writes them flat among its own. */
    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("protocol", protocol.name());
        json.put("direction", direction.apiName());
        json.put("streams", streams);
        json.put("durationSeconds", durationSeconds);
        json.put("intervalSeconds", intervalSeconds);
        json.put("omitSeconds", omitSeconds);
        json.put("targetBitsPerSecond", targetBitsPerSecond);
        json.put("tool", tool);
        if (messageBytes != null) {
            json.put("messageBytes", messageBytes);
        }
        return json;
    }

    public boolean udp() {
        return protocol == Protocol.UDP;
    }

    /** {@link Protocol#UDP_RR} or {@link Protocol#TCP_RR}: transactions, not a throughput test; no iperf3 runs them. */
    public boolean requestResponse() {
        return protocol.requestResponse();
    }

    public boolean bidir() {
        return direction == Direction.BIDIR;
    }

    /**
     * What all the streams together aim for: iperf3's {@code -b} applies to each stream, so {@code -P 2 -b 50M}
     * aims for 100 Mbit/s. Null without a target.
     */
    public Long wholeTargetBitsPerSecond() {
        return wholeTarget(targetBitsPerSecond, streams);
    }

    /** {@link #wholeTargetBitsPerSecond()} of runs grouped by their streams and target (a comparison's). */
    public static Long wholeTarget(Long targetBitsPerSecond, int streams) {
        return targetBitsPerSecond == null ? null : targetBitsPerSecond * streams;
    }

    /**
     * The target as people say it, whole first: "1 Gbit/s", or "100 Mbit/s (2 × 50 Mbit/s)" where {@code -b} is
     * each of several streams'. Null without a target.
     */
    public String targetText() {
        return ScenarioNames.targetText(targetBitsPerSecond, streams);
    }

    /** The same scenario run by another tool: a stored run's is the program that measured it. */
    public Scenario withTool(String other) {
        return toBuilder().tool(other).build();
    }

    /** The same scenario aiming at another rate ({@code -b}); a stored run takes the one its job asked for. */
    public Scenario withTarget(Long bitsPerSecond) {
        return toBuilder().targetBitsPerSecond(bitsPerSecond).build();
    }

    /** How long the tool measures, counting the omitted start that it throws away. */
    public int measuringSeconds() {
        return durationSeconds + omitSeconds;
    }

    /**
     * The same scenario for another duration. An interval longer than the run would leave one figure and no shape,
     * so the interval shrinks with a shorter run (never below 1 s): a 30 s run keeps 5 s intervals, a 4 s run gets 1 s.
     */
    public Scenario withDuration(Integer seconds) {
        if (seconds == null) {
            return this;
        }
        double interval = Math.min(intervalSeconds, Math.max(1, Math.floor(seconds / 4.0)));
        return toBuilder().durationSeconds(seconds).intervalSeconds(interval).build();
    }

    /**
     * "TCP 4 streams download", "UDP 1 Gbit/s upload", "UDP_RR 1 flow, 64 B": how pages, reports and metrics name a
     * scenario. A request/response scenario has no direction to name: its transactions go both ways.
     */
    public String name() {
        return ScenarioNames.name(protocol, direction, streams, targetBitsPerSecond, messageBytes);
    }

    /**
     * The name without its direction, as the seed article's tables write it: "TCP 1 stream", "UDP 1 Gbit/s" (UDP by
     * its {@code -b}, each stream's rate, as iperf3 is told it), "UDP_RR 4 flows".
     */
    public String shortName() {
        return ScenarioNames.shortName(protocol, streams, targetBitsPerSecond);
    }
}
