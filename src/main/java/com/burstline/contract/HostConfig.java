package com.burstline.contract;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code POST /v1/host-config}'s answer: how one host is set up for the interface that carries a run's traffic. The
 * facts are named settings ({@code nic.mtu}, {@code nic.channels.combined}, {@code net.ipv4.tcp_congestion_control},
 * …; docs/agent-protocol.md lists them) with their values as text; {@code unknown} names a fact, or a group of facts
 * by its prefix ({@code nic.rings}), that could not be read, and why. {@code readings} are figures that change from
 * one moment to the next (ENA Express's resource utilisation): kept with the reading, never part of the set of
 * facts that identifies a configuration.
 *
 * @param os          {@link #LINUX} or {@link #WINDOWS}
 * @param readMillis  how long the reading took
 * @param ageMillis   how long before the answer the reading was done: 0 when it was read for the ask, else it was
 *                    read right after the host's last measurement (the agent reads ahead), at most {@link #MAX_AGE}
 */
public record HostConfig(String os, String interfaceName, Map<String, String> facts, Map<String, String> unknown,
                         Map<String, Long> readings, long readMillis, long ageMillis) {
    public static final String LINUX = "linux";
    public static final String WINDOWS = "windows";
    /**
     * How old a reading made ahead may be when it is given: the pause between two scenarios of a job is well under
     * it, and a host idle for longer is read afresh.
     */
    public static final java.time.Duration MAX_AGE = java.time.Duration.ofSeconds(5);
    /** Bounds that keep one answer small, whatever a host holds (a NIC with 128 queues has 128 IRQs). */
    public static final int MAX_FACTS = 600;
    public static final int MAX_NAME = 120;
    public static final int MAX_VALUE = 600;

    public HostConfig {
        facts = bounded(facts);
        unknown = bounded(unknown);
        readings = readings == null ? Map.of() : Map.copyOf(new TreeMap<>(readings));
        ageMillis = Math.max(0, Math.min(ageMillis, MAX_AGE.toMillis()));
    }

    /** The same reading, given {@code ageMillis} after it was made. */
    public HostConfig withAgeMillis(long ageMillis) {
        return new HostConfig(os, interfaceName, facts, unknown, readings, readMillis, ageMillis);
    }

    /** Lenient, as facts are: an entry of the wrong type or past the bounds is left out. */
    public static HostConfig fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json);
        Long millis = fields.optionalNumber("readMillis");
        Long age = fields.optionalNumber("ageMillis");
        return new HostConfig(fields.optionalString("os"), fields.optionalString("interface"),
                texts(fields.object("facts")), texts(fields.object("unknown")), numbers(fields.object("readings")),
                millis == null ? 0 : millis, age == null ? 0 : age);
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("os", os);
        json.put("interface", interfaceName);
        json.put("facts", facts);
        json.put("unknown", unknown);
        json.put("readings", readings);
        json.put("readMillis", readMillis);
        json.put("ageMillis", ageMillis);
        return json;
    }

    /** What makes two readings the same configuration: everything but the readings and the times. */
    public Map<String, Object> identity() {
        Map<String, Object> json = toJson();
        json.remove("readings");
        json.remove("readMillis");
        json.remove("ageMillis");
        return json;
    }

    private static Map<String, String> bounded(Map<String, String> entries) {
        Map<String, String> kept = new TreeMap<>();
        if (entries != null) {
            entries.forEach((name, value) -> {
                if (name != null && value != null && name.length() <= MAX_NAME && kept.size() < MAX_FACTS) {
                    kept.put(name, value.length() <= MAX_VALUE ? value : value.substring(0, MAX_VALUE - 1) + "…");
                }
            });
        }
        return java.util.Collections.unmodifiableMap(kept);
    }

    private static Map<String, String> texts(Map<String, Object> json) {
        Map<String, String> texts = new TreeMap<>();
        json.forEach((name, value) -> {
            if (value instanceof String text) {
                texts.put(name, text);
            }
        });
        return texts;
    }

    private static Map<String, Long> numbers(Map<String, Object> json) {
        Map<String, Long> numbers = new TreeMap<>();
        json.forEach((name, value) -> {
            if (value instanceof Number number && numbers.size() < 20) {
                numbers.put(name, number.longValue());
            }
        });
        return numbers;
    }
}
