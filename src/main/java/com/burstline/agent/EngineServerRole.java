package com.burstline.agent;

import com.burstline.contract.Iperf3Command;
import com.burstline.contract.RequestResponseCommand;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The peer's side run by the agent's own engine: {@code iperf3 -s -p PORT -1 -J} in a child JVM
 * ({@link EngineProcess}), returned once its "Server listening" line (on stderr with {@code -J}, on any platform)
 * says it listens and killed if still running after its timeout. With {@code -J}, as {@link Iperf3ServerRole} runs
 * iperf3, the client's {@code --get-server-output} brings back this side's intervals as JSON: for an upload, the
 * only report of what arrived. Like iperf3's, it listens on the agent's test address only ({@code -B}).
 */
final class EngineServerRole {
    private final String bind;

    /** @param bind the agent's test address */
    EngineServerRole(String bind) {
        this.bind = bind;
    }

    List<String> arguments(int port) {
        List<String> args = new ArrayList<>(Iperf3Command.engineServer(port, bind));
        args.add("-J");
        return List.copyOf(args);
    }

    List<String> transactionArguments(int port) {
        return RequestResponseCommand.server(port, bind);
    }

    /**
     * Starts the engine's request/response server ({@code rr -s -1}) instead, for a UDP_RR or TCP_RR scenario; it
     * says it listens on stderr, as the engine's iperf3 server does with {@code -J}.
     */
    ServerRoleHandle startTransactions(int port, Duration timeout, Runnable whenDone)
            throws IOException, InterruptedException {
        return ServerRoleHandle.of(PeerServerProcess.startListening("the engine's request/response server",
                EngineProcess.command(transactionArguments(port), RequestResponseCommand.PROGRAM), port, false,
                timeout, whenDone));
    }

    /** Starts the server; {@code whenDone} runs once when its test ends, it fails or its time is up. */
    ServerRoleHandle start(int port, Duration timeout, Runnable whenDone) throws IOException, InterruptedException {
        return ServerRoleHandle.of(PeerServerProcess.startListening("the engine's server",
                EngineProcess.command(arguments(port)), port, false, timeout, whenDone));
    }
}
