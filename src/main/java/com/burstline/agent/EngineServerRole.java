package com.burstline.agent;

import com.burstline.engine.JsonOutput;
import com.burstline.engine.Server;
import com.burstline.engine.ServerOptions;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;

/**
 * The peer's side run by the agent's own engine: an iperf3-protocol server in this process for one test
 * ({@code -s -p PORT -1}), closed when its timeout passes. It listens once the constructor returns, so no wait for
 * "Server listening" is needed. The client's report carries what this side received (results exchange).
 */
final class EngineServerRole {

    /** Starts the server; {@code whenDone} runs once when its test ends, it fails or its time is up. */
    ServerRoleHandle start(int port, Duration timeout, Runnable whenDone) {
        Server server = new Server(new ServerOptions(port, true, 1),
                () -> new JsonOutput(new PrintStream(OutputStream.nullOutputStream()), false));
        Thread serving = new Thread(() -> {
            try {
                server.serve();
            } catch (RuntimeException e) {
                // the client's report says what went wrong; this side has no one to tell
            } finally {
                server.close();
                whenDone.run();
            }
        }, "engine-server-" + port);
        serving.setDaemon(true);
        serving.start();
        Thread watchdog = new Thread(() -> {
            try {
                serving.join(timeout.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                server.close();
            }
        }, "engine-server-watchdog-" + port);
        watchdog.setDaemon(true);
        watchdog.start();
        return new ServerRoleHandle(serving::isAlive, server::close);
    }
}
