package com.burstline.server.report;

import com.burstline.server.run.RunEnvironment;
import com.burstline.server.run.RunSummary;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The iperf3 command lines that reproduce each scenario: the argument list the agent started for runs a job measured,
 * rebuilt from what the summary recorded for uploaded runs.
 */
final class Commands {
    /** Arguments a shell would split or expand are quoted, so that a line can be pasted as it is. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private Commands() {
    }

    static List<String> of(List<RunSummary> runs, Map<Long, RunEnvironment> environments) {
        Set<String> commands = new LinkedHashSet<>();
        runs.forEach(run -> commands.add(server(run, stored(environments.get(run.id())))));
        runs.forEach(run -> {
            List<String> stored = stored(environments.get(run.id()));
            commands.add(stored.isEmpty() ? client(run) : join(stored));
        });
        return new ArrayList<>(commands);
    }

    private static String server(RunSummary run, List<String> stored) {
        int port = stored.indexOf("-p");
        String portOption = port >= 0 && port + 1 < stored.size() ? " -p " + stored.get(port + 1) : "";
        return "iperf3 -s" + portOption + " -1" + "    # on " + host(run.peer(), "the peer");
    }

    /** The agent's argument list; empty for uploads (and for anything that is not a list of strings). */
    private static List<String> stored(RunEnvironment environment) {
        JsonNode command = environment == null ? null : environment.command();
        if (command == null || !command.isArray() || command.isEmpty()) {
            return List.of();
        }
        List<String> arguments = new ArrayList<>();
        for (JsonNode argument : command) {
            if (!argument.isString()) {
                return List.of();
            }
            arguments.add(argument.stringValue());
        }
        return arguments;
    }

    private static String join(List<String> arguments) {
        return arguments.stream().map(Commands::quoted).collect(Collectors.joining(" "));
    }

    private static String quoted(String argument) {
        return PLAIN.matcher(argument).matches() ? argument : "'" + argument.replace("'", "'\\''") + "'";
    }

    static String client(RunSummary run) {
        StringBuilder command = new StringBuilder("iperf3 -c ").append(host(run.peer(), "<peer>"));
        if ("UDP".equals(run.protocol())) {
            command.append(" -u");
            if (run.targetBitsPerSecond() != null) {
                command.append(" -b ").append(bandwidth(run.targetBitsPerSecond()));
            }
        }
        if (run.streams() > 1) {
            command.append(" -P ").append(run.streams());
        }
        switch (run.direction()) {
            case "download" -> command.append(" -R");
            case "bidir" -> command.append(" --bidir");
            default -> { }
        }
        command.append(" -t ").append(run.durationSeconds());
        if (run.omitSeconds() > 0) {
            command.append(" -O ").append(run.omitSeconds());
        }
        command.append("json-stream".equals(run.outputFormat()) ? " --json-stream" : " -J");
        return command.toString();
    }

    /** iperf3's own suffixes: -b 1G, -b 500M. */
    private static String bandwidth(long bitsPerSecond) {
        if (bitsPerSecond % 1_000_000_000L == 0) {
            return bitsPerSecond / 1_000_000_000L + "G";
        }
        if (bitsPerSecond % 1_000_000L == 0) {
            return bitsPerSecond / 1_000_000L + "M";
        }
        return Long.toString(bitsPerSecond);
    }

    private static String host(String name, String unknown) {
        return name == null ? unknown : name;
    }
}
