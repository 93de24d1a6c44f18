package com.burstline.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One way to launch a JVM, for the lightness benchmark: environment variables (such as glibc's
 * {@code MALLOC_ARENA_MAX}) and JVM flags, written as a launch line reads, {@code MALLOC_ARENA_MAX=2 -XX:+UseSerialGC}.
 * Agents and their floor get the same variant.
 */
record JvmVariant(String label, Map<String, String> env, List<String> flags) {
    /** Variants separated by {@code |}; in each, {@code NAME=value} words are environment variables, the rest flags. */
    static List<JvmVariant> parseAll(String text) {
        List<JvmVariant> variants = new ArrayList<>();
        for (String one : text.split("\\|", -1)) {
            variants.add(parse(one));
        }
        return variants;
    }

    static JvmVariant parse(String text) {
        Map<String, String> env = new LinkedHashMap<>();
        List<String> flags = new ArrayList<>();
        for (String word : text.strip().split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            if (word.matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
                env.put(word.substring(0, word.indexOf('=')), word.substring(word.indexOf('=') + 1));
            } else {
                flags.add(word);
            }
        }
        return new JvmVariant(text.isBlank() ? "none" : text.strip(), env, flags);
    }
}
