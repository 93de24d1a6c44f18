package com.burstline.agent;

import com.sun.net.httpserver.HttpServer;

import javax.net.ssl.SSLContext;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;

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
        return serve(identity(dir, agentName));
    }

    /** The same presenting the first key of a PKCS#12 keystore, as {@code --tls-keystore} does. */
    public static HttpServer httpsServerWithKeystore(Path keystore, String password) throws IOException {
        return serve(AgentTls.load(keystore, password.toCharArray()));
    }

    /** A GET of {@code server} at 127.0.0.1, an address its certificate does not name, trusting as {@code context}. */
    public static HttpResponse<Void> get(HttpServer server, SSLContext context) throws IOException,
            InterruptedException {
        HttpClient client = HttpClient.newBuilder().sslContext(context).connectTimeout(Duration.ofSeconds(5)).build();
        URI url = URI.create("https://127.0.0.1:" + server.getAddress().getPort() + "/v1/status");
        return client.send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.discarding());
    }

    private static HttpServer serve(AgentTls tls) throws IOException {
        HttpServer server = AgentListener.create(new InetSocketAddress("127.0.0.1", 0), 4, tls);
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
