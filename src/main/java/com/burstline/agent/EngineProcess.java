package com.burstline.agent;

import com.burstline.contract.Iperf3Command;
import com.burstline.contract.RequestResponseCommand;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The agent's own engine run as a child JVM from the agent's own jar ({@code java -cp <this jar> AgentMain iperf3
 * …}), for the client and the server role alike, as iperf3 runs as a process of its own. Why not in the agent's
 * JVM: the engine's hot loops compiled there stayed in the idle agent for good; a measurement now gets a JVM that
 * nothing else runs in, its CPU figure is the engine's alone, and an engine that misbehaves cannot take the agent down. The child is started from
 * a typed argument list, never a shell, and inherits only the agent's environment.
 */
final class EngineProcess {
    private EngineProcess() {
    }

    /** The command that runs {@code portable} (a line of {@link Iperf3Command#ENGINE_PROGRAM}) on this host. */
    static List<String> command(List<String> portable) {
        return command(portable, Iperf3Command.ENGINE_PROGRAM);
    }

    /**
     * The same for a line of another of the jar's programs, {@code java -jar burstline-agent.jar <program> …} (such
     * as {@link RequestResponseCommand#PROGRAM}).
     */
    static List<String> command(List<String> portable, List<String> program) {
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-cp", System.getProperty("java.class.path"),
                AgentMain.class.getName(), program.get(program.size() - 1)));
        command.addAll(portable.subList(program.size(), portable.size()));
        return List.copyOf(command);
    }

    /** The java that runs this agent: the same build, so the engine runs natively wherever the agent does. */
    private static String javaBinary() {
        boolean windows = System.getProperty("os.name", "").startsWith("Windows");
        return Path.of(System.getProperty("java.home"), "bin", windows ? "java.exe" : "java").toString();
    }
}
