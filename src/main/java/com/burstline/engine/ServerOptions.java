package com.burstline.engine;

/** {@code iperf3 -s}: the port to listen on, whether to serve one test and exit, and the interval of reports. */
public record ServerOptions(int port, boolean once, double interval) {
    public ServerOptions {
        if (port < 0 || port > 65535) {
            throw new EngineException("the port must be 1 to 65535");
        }
        if (interval < 0 || interval > 60) {
            throw new EngineException("the interval must be 0 to 60 seconds");
        }
    }
}
