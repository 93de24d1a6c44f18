package com.burstline.server.fleet;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of the install blocks under {@code resources/agent-install/}, with {@code {{name}}} placeholders filled in one
 * pass: a value that itself holds {@code {{…}}} (a URL may) is never filled again. Every placeholder must be given
 * and every value used, so that a template and its code cannot drift apart unnoticed.
 */
final class InstallTemplate {
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(\\w+)}}");

    private InstallTemplate() {
    }

    static String fill(String resource, Map<String, String> values) {
        String template = read("/agent-install/" + resource);
        Set<String> used = new HashSet<>();
        Matcher matcher = PLACEHOLDER.matcher(template);
        StringBuilder filled = new StringBuilder();
        while (matcher.find()) {
            String value = values.get(matcher.group(1));
            if (value == null) {
                throw new IllegalStateException(resource + " needs a value for " + matcher.group());
            }
            used.add(matcher.group(1));
            matcher.appendReplacement(filled, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(filled);
        if (!used.containsAll(values.keySet())) {
            throw new IllegalStateException(resource + " has no place for " + values.keySet());
        }
        return filled.toString().stripTrailing();
    }

    private static String read(String resource) {
        try (InputStream in = InstallTemplate.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the server's classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
