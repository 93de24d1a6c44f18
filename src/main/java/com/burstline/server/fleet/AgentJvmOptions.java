package com.burstline.server.fleet;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent's own JVM options and environment, read from their one home, {@code agent-jvm-options.conf} (which
 * scripts/agent-jvm-options.sh reads too), for the install commands' systemd unit and scheduled task.
 *
 * @param options     for every platform
 * @param linuxTrim   for Linux, only where that java knows them (the commands test it on the host)
 * @param linuxEnvironment {@code NAME=value}, for glibc
 */
record AgentJvmOptions(List<String> options, List<String> linuxTrim, List<String> linuxEnvironment) {
    static final String RESOURCE = "/agent-jvm-options.conf";

    static AgentJvmOptions load() {
        try (InputStream in = AgentJvmOptions.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the server's classpath");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static AgentJvmOptions parse(String text) {
        List<String> options = new ArrayList<>();
        List<String> trim = new ArrayList<>();
        List<String> environment = new ArrayList<>();
        for (String line : text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList()) {
            String[] kindAndValue = line.split("\\s+", 2);
            List<String> target = switch (kindAndValue[0]) {
                case "option" -> options;
                case "linux-trim" -> trim;
                case "linux-env" -> environment;
                default -> throw new IllegalStateException("unknown kind in " + RESOURCE + ": " + line);
            };
            if (kindAndValue.length < 2 || !kindAndValue[1].matches("[A-Za-z0-9_:+=.-]+")) {
                throw new IllegalStateException("a value in " + RESOURCE + " must be one plain word: " + line);
            }
            target.add(kindAndValue[1]);
        }
        return new AgentJvmOptions(List.copyOf(options), List.copyOf(trim), List.copyOf(environment));
    }
}
