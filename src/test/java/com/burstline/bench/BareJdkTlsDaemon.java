package com.burstline.bench;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;

/**
 * A second floor for the agent's idle memory, beside {@link BareJdkDaemon}: the same JDK HTTP server and client, but
 * speaking HTTPS with an EC P-256 key as the agent's API does by default (args: a PKCS#12 keystore and its password),
 * one call to itself made. What the JDK's TLS costs any daemon that serves HTTPS, so that it can be told apart from
 * what the agent adds; the goal stays judged against the plain floor.
 */
public final class BareJdkTlsDaemon {
    private BareJdkTlsDaemon() {
    }

    public static void main(String[] args) throws Exception {
        char[] password = args[1].toCharArray();
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(Path.of(args[0]))) {
            store.load(in, password);
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, password);
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
        HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        server.setHttpsConfigurator(new HttpsConfigurator(context));
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        HttpClient client = HttpClient.newBuilder().sslContext(context).build();
        URI self = URI.create("https://localhost:" + server.getAddress().getPort() + "/");
        client.send(HttpRequest.newBuilder(self).build(), HttpResponse.BodyHandlers.discarding());
        System.out.println("listening at " + self);
        Thread.currentThread().join();
    }
}
