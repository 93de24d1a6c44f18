package com.burstline.engine;

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
}
