package com.burstline.engine;

/**
 * {@code iperf3 -s}: the port to listen on, whether to serve one test and exit, the interval of reports, and the
 * address to listen on ({@code -B}; null for every address of the host).
 */
public record ServerOptions(int port, boolean once, double interval, String bind) {
    public ServerOptions(int port, boolean once, double interval) {
        this(port, once, interval, null);
    }

    public ServerOptions {
        if (port < 0 || port > 65535) {
            throw new EngineException("the port must be 1 to 65535");
        }
        if (interval < 0 || interval > 60) {
            throw new EngineException("the interval must be 0 to 60 seconds");
        }
    }
}
