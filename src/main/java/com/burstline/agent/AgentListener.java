package com.burstline.agent;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import java.io.IOException;
import java.net.InetSocketAddress;

/** Where the agent's API listens: an HTTPS server with the agent's TLS identity, or plain HTTP without one. */
final class AgentListener {
    private AgentListener() {
    }

    static HttpServer create(InetSocketAddress listen, int backlog, AgentTls tls) throws IOException {
        // The JDK's server writes an answer's head and body apart; without TCP_NODELAY the body waited for the
        // server's delayed ACK, about 40 ms on every call (docs/benchmarks/team.md). Read once, at its first server.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        if (tls == null) {
            return HttpServer.create(listen, backlog);
        }
        HttpsServer server = HttpsServer.create(listen, backlog);
        server.setHttpsConfigurator(new HttpsConfigurator(tls.context()));
        return server;
    }
}
