package com.burstline.engine;

import java.util.List;

/** Where the client connects and how often it reports; {@code interval} 0 turns interval reports off. */
public record ClientOptions(String host, int port, TestParams params, double interval, int connectTimeoutMillis) {
    public ClientOptions {
        if (host == null || host.isBlank()) {
            throw new EngineException("a server host is needed");
        }
        if (port < 1 || port > 65535) {
            throw new EngineException("the port must be 1 to 65535");
        }
        if (interval < 0 || interval > 60) {
            throw new EngineException("the interval must be 0 to 60 seconds");
        }
    }

    /** A client command line's options ({@code -c HOST …}, without the program), as the command reads them. */
    public static ClientOptions fromArguments(List<String> args) {
        Iperf3Arguments parsed = Iperf3Arguments.parse(args);
        if (parsed.server() || parsed.host() == null) {
            throw new EngineException("a client command line (-c HOST) is needed");
        }
        return parsed.clientOptions();
    }
}
