package com.burstline.agent;

import com.burstline.contract.HostConfig;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/** The facts of one configuration reading as they are found, each read's failure kept as the reason it is unknown. */
final class ConfigFacts {
    private final Map<String, String> facts = new TreeMap<>();
    private final Map<String, String> unknown = new TreeMap<>();
    private final Map<String, Long> readings = new TreeMap<>();

    /** A blank value is no value: ethtool prints "firmware-version: " for a NIC that has none. */
    void put(String name, String value) {
        if (value != null && !value.isBlank()) {
            facts.put(name, value.strip());
        }
    }

    void unknown(String name, String why) {
        unknown.putIfAbsent(name, why.strip());
    }

    void reading(String name, long value) {
        readings.put(name, value);
    }

    /** The answer's output to {@code parse}, or {@code group} unknown with the answer's failure. */
    void from(ConfigCommands.Answer answer, String group, Consumer<String> parse) {
        if (answer.ok()) {
            parse.accept(answer.output());
        } else {
            unknown(group, answer.failure());
        }
    }

    /** A file's text as the fact {@code name}, or the fact unknown with the reason it could not be read. */
    void file(String name, ConfigCommands.Answer read) {
        from(read, name, text -> put(name, text));
    }

    boolean has(String name) {
        return facts.containsKey(name);
    }

    String get(String name) {
        return facts.get(name);
    }

    HostConfig build(String os, String interfaceName, long readMillis) {
        return new HostConfig(os, interfaceName, facts, unknown, readings, readMillis, 0);
    }
}
