package com.burstline.bench;

import com.sun.net.httpserver.HttpServer;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * The floor the agent's idle memory is measured against: a JDK {@code HttpServer} plus an {@code HttpClient} that
 * has made one call, idling, started with the same JVM and flags as the agent. Nothing else.
 */
public final class BareJdkDaemon {
    private BareJdkDaemon() {
    }

    public static void main(String[] args) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        server.createContext("/", exchange -> {
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        HttpClient client = HttpClient.newHttpClient();
        URI self = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
        client.send(HttpRequest.newBuilder(self).build(), HttpResponse.BodyHandlers.discarding());
        System.out.println("listening at " + self);
        Thread.currentThread().join();
    }
}
