package com.burstline.agent;

import com.burstline.contract.Iperf3Command;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The peer's side of a scenario: {@code iperf3 -s -p PORT -1} (one test, then exit), started before the client and
 * killed if still running after its timeout. Where the kernel's socket table can be read ({@link ListeningPorts},
 * Linux) it runs with {@code -J}, so that the client's {@code --get-server-output} brings back the server's intervals
 * as JSON — the receiver's report of an upload — and the table says when it listens. Elsewhere it runs in text mode,
 * where "Server listening" says so (the client then gets the server's text, which the import keeps but does not read).
 * It listens on the agent's test address only ({@code -B}): the peer it waits for comes there, and nobody on another
 * network of the host gets a measurement server.
 */
final class Iperf3ServerRole {
    private final String iperf3Path;
    private final String bind;

    /** @param bind the agent's test address */
    Iperf3ServerRole(String iperf3Path, String bind) {
        this.iperf3Path = iperf3Path;
        this.bind = bind;
    }

    List<String> arguments(int port, boolean json) {
        List<String> args = new ArrayList<>(Iperf3Command.server(iperf3Path, port, bind));
        if (json) {
            args.add("-J");
        }
        args.add("--forceflush");
        return List.copyOf(args);
    }

    /**
     * Starts the server and returns it once it listens; {@code whenDone} runs when it exits or is killed.
     *
     * @throws IllegalStateException with iperf3's reason when it does not come up
     */
    RunningProcess start(int port, Duration timeout, Runnable whenDone) throws IOException, InterruptedException {
        boolean json = ListeningPorts.available();
        return PeerServerProcess.startListening("iperf3 server", arguments(port, json), port, json, timeout, whenDone);
    }
}
