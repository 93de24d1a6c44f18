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
        if (tls == null) {
            return HttpServer.create(listen, backlog);
        }
        HttpsServer server = HttpsServer.create(listen, backlog);
        server.setHttpsConfigurator(new HttpsConfigurator(tls.context()));
        return server;
    }
}
