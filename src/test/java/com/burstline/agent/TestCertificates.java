package com.burstline.agent;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;

/** The agent's own TLS identities for tests of other packages: keys made the way a real agent makes them. */
public final class TestCertificates {
    private TestCertificates() {
    }

    /** A self-generated identity in {@code dir} (made on the first call, reused after), and its fingerprint. */
    public static String selfGenerated(Path dir, String agentName) throws IOException {
        return identity(dir, agentName).fingerprint();
    }

    /** An HTTPS server on loopback presenting the identity in {@code dir}, answering 204 on every path. */
    public static HttpServer httpsServer(Path dir, String agentName) throws IOException {
        HttpServer server = AgentListener.create(new InetSocketAddress("127.0.0.1", 0), 4, identity(dir, agentName));
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        return server;
    }

    private static AgentTls identity(Path dir, String agentName) throws IOException {
        return AgentTls.selfGenerated(dir.resolve(agentName + ".p12"), dir.resolve(agentName + ".password"),
                agentName);
    }
}
