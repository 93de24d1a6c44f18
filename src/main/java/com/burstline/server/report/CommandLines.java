package com.burstline.server.report;

import com.burstline.contract.Iperf3Command;
import com.burstline.contract.ScenarioResult;
import com.burstline.contract.ScenarioSpec;
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
 * rebuilt with the contract's {@link Iperf3Command} from what the summary recorded for uploaded runs.
 */
final class CommandLines {
    /** Arguments a shell would split or expand are quoted, so that a line can be pasted as it is. */
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");
    /** The tool name of the agent's own engine in a {@link RunSummary}. */
    private static final String ENGINE = "burstline-java";

    private CommandLines() {
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

    /**
     * The peer's line, for the program its output says served the test. Where it does not say (no server report in
     * the client's output), the client's own tool is a guess, and the line says so: each agent resolves {@code auto}
     * for itself, so an engine client may have met a stock iperf3 server.
     */
    private static String server(RunSummary run, List<String> stored) {
        Integer port = portOf(stored);
        boolean known = run.peerTool() != null;
        boolean engine = ENGINE.equals(known ? run.peerTool() : run.tool());
        List<String> line = engine ? Iperf3Command.engineServer(port) : Iperf3Command.server("iperf3", port);
        return join(line) + "    # on " + host(run.peer(), "the peer") + (known ? "" : " (its tool was not recorded)");
    }

    /** The port the agent's client connected to, which its peer's server listened on; null when not recorded. */
    private static Integer portOf(List<String> stored) {
        int option = stored.indexOf("-p");
        try {
            return option >= 0 && option + 1 < stored.size() ? Integer.valueOf(stored.get(option + 1)) : null;
        } catch (NumberFormatException notAPort) {
            return null;
        }
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
        return arguments.stream().map(CommandLines::quoted).collect(Collectors.joining(" "));
    }

    private static String quoted(String argument) {
        return PLAIN.matcher(argument).matches() ? argument : "'" + argument.replace("'", "'\\''") + "'";
    }

    /**
     * An uploaded run's line, from what its summary recorded: no port, the default interval; "<peer>" unquoted. A run
     * the engine measured gets the engine's own line ({@code java -jar burstline-agent.jar iperf3 -c …}).
     */
    static String client(RunSummary run) {
        Iperf3Command.Client client = new Iperf3Command.Client(host(run.peer(), "<peer>"), null, run.protocol(),
                run.direction(), run.streams(), run.durationSeconds(), ScenarioSpec.DEFAULT_INTERVAL,
                run.omitSeconds(), run.targetBitsPerSecond(), ScenarioResult.JSON_STREAM.equals(run.outputFormat()));
        List<String> line = engine(run) ? Iperf3Command.engineClient(client) : Iperf3Command.client("iperf3", client);
        return String.join(" ", line);
    }

    /** Whether the agent's own engine measured the run (its output names it {@code burstline-java}). */
    private static boolean engine(RunSummary run) {
        return ENGINE.equals(run.tool());
    }

    private static String host(String name, String unknown) {
        return name == null ? unknown : name;
    }
}
