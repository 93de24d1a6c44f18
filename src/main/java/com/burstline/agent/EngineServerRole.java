package com.burstline.agent;

import com.burstline.contract.Iperf3Command;

import java.io.IOException;
import java.time.Duration;

/**
 * The peer's side run by the agent's own engine: {@code iperf3 -s -p PORT -1} in a child JVM
 * ({@link EngineProcess}), returned once its "Server listening" line says it listens and killed if still running
 * after its timeout. Its own output is not needed: the client's report carries what this side received (results
 * exchange).
 */
final class EngineServerRole {

    /** Starts the server; {@code whenDone} runs once when its test ends, it fails or its time is up. */
    ServerRoleHandle start(int port, Duration timeout, Runnable whenDone) throws IOException, InterruptedException {
        return ServerRoleHandle.of(ServerProcess.startListening("the engine's server",
                EngineProcess.command(Iperf3Command.engineServer(port)), port, false, timeout, whenDone));
    }
}
