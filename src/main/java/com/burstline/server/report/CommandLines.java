package com.burstline.server.report;

import com.burstline.contract.Iperf3Command;
import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.NameRules;
import com.burstline.contract.RequestResponseCommand;
import com.burstline.contract.Scenario;
import com.burstline.contract.ScenarioResult;
import com.burstline.server.run.RunEnvironment;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.ShellWords;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The iperf3 command lines that reproduce each scenario: the argument list the agent started for runs a job measured,
 * rebuilt with the contract's {@link Iperf3Command} from what the summary recorded for uploaded runs, each scenario on
 * a port of its own (5201, 5202, …, past the ports the agents' lines use). Server lines come first. People paste
 * them into a shell, and a run's peer is a label anyone with an operator's role may edit, so every value is
 * shell-quoted, a line never holds a control character, and a peer that is not a host name or IP address is printed
 * as the placeholder {@code <peer>} with a note, never as itself.
 */
final class CommandLines {
    /** The tool name of the agent's own engine in a {@link RunSummary}. */
    private static final String ENGINE = "burstline-java";
    private static final String PEER = "<peer>";
    /** iperf3's default port, where an uploaded run's scenarios start counting. */
    private static final int FIRST_PORT = 5201;

    private CommandLines() {
    }

    static List<String> of(List<RunSummary> runs, Map<Long, RunEnvironment> environments) {
        Map<Long, List<String>> stored = new HashMap<>();
        runs.forEach(run -> stored.put(run.id(), stored(environments.get(run.id()))));
        Set<Integer> taken = stored.values().stream().map(CommandLines::portOf).filter(Objects::nonNull)
                .collect(Collectors.toCollection(HashSet::new));
        Map<String, Integer> ports = new HashMap<>();
        Set<String> servers = new LinkedHashSet<>();
        Set<String> clients = new LinkedHashSet<>();
        for (RunSummary run : runs) {
            List<String> command = stored.get(run.id());
            // An uploaded scenario gets a port of its own, so that every server line can run on the peer at once.
            Integer port = command.isEmpty() ? ports.computeIfAbsent(client(run, null), line -> next(taken))
                    : portOf(command);
            servers.add(server(run, port));
            clients.add(command.isEmpty() ? client(run, port) : join(command));
        }
        List<String> lines = new ArrayList<>(servers);
        lines.addAll(clients);
        return lines;
    }

    private static int next(Set<Integer> taken) {
        int port = FIRST_PORT;
        while (!taken.add(port)) {
            port++;
        }
        return port;
    }

    /**
     * The peer's line, for the program its output says served the test. Where it does not say (no server report in
     * the client's output), the client's own tool is a guess, and the line says so: each agent resolves {@code auto}
     * for itself, so an engine client may have met a stock iperf3 server.
     */
    private static String server(RunSummary run, Integer port) {
        if (run.requestResponse() && port != null) {
            String peer = NameRules.isHost(run.labels().peer()) ? run.labels().peer() : "the peer";
            return join(RequestResponseCommand.server(port, null)) + "    # on " + peer;
        }
        boolean known = run.peerTool() != null;
        boolean engine = ENGINE.equals(known ? run.peerTool() : run.scenario().tool());
        List<String> line = engine ? Iperf3Command.engineServer(port) : Iperf3Command.server("iperf3", port);
        String peer = NameRules.isHost(run.labels().peer()) ? run.labels().peer() : "the peer";
        return join(line) + "    # on " + peer + (known ? "" : " (its tool was not recorded)");
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

    /** The agent's argument list; empty for uploads and for what is no usable line ({@link ShellWords}). */
    private static List<String> stored(RunEnvironment environment) {
        return ShellWords.arguments(environment == null ? null : environment.command());
    }

    private static String join(List<String> arguments) {
        return join(arguments, false);
    }

    /** Every argument shell-quoted where it needs it, except a placeholder put there to be replaced. */
    private static String join(List<String> arguments, boolean placeholder) {
        return arguments.stream().map(argument -> placeholder && argument.equals(PEER) ? argument
                : ShellWords.quoted(argument))
                .collect(Collectors.joining(" "));
    }

    /**
     * An uploaded run's line, from what its summary recorded, on the port given: the default interval; {@code <peer>} where no
     * usable peer was recorded. A run the engine measured gets the engine's own line ({@code java -jar
     * burstline-agent.jar iperf3 -c …}), also for what no job may run (iperf3 takes -t 86400, a job at most an hour).
     */
    static String client(RunSummary run, Integer port) {
        Scenario scenario;
        try {
            scenario = run.scenario().toBuilder().intervalSeconds(Scenario.DEFAULT_INTERVAL).tool(Scenario.TOOL_AUTO)
                    .build();
        } catch (InvalidMessageException notAScenario) {
            return "# run " + run.id() + ": no command line (" + notAScenario.getMessage() + ")";
        }
        boolean usable = NameRules.isHost(run.labels().peer());
        Iperf3Command.Client client = new Iperf3Command.Client(usable ? run.labels().peer() : PEER, port, scenario,
                ScenarioResult.JSON_STREAM.equals(run.outputFormat()));
        List<String> line = engine(run) ? Iperf3Command.engineClient(client) : Iperf3Command.client("iperf3", client);
        return join(line, !usable) + (usable || run.labels().peer() == null ? ""
                : "    # <peer>: the run's peer label is not a host name or IP address; put the peer's address here");
    }

    /** Whether the agent's own engine measured the run (its output names it {@code burstline-java}). */
    private static boolean engine(RunSummary run) {
        return ENGINE.equals(run.scenario().tool());
    }
}
