package com.burstline.server.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** A thin real-HTTP client for the API tests: what curl would send, nothing Spring-specific. */
final class ApiClient {
    static final String TOKEN = "test-token-0123456789";

    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;

    ApiClient(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    HttpResponse<String> upload(byte[] body, String contentType, String query) {
        return send(HttpRequest.newBuilder(uri("/api/v1/runs" + query))
                .header("Authorization", "Bearer " + TOKEN)
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET());
    }

    HttpResponse<byte[]> getBytes(String path) {
        try {
            return http.send(HttpRequest.newBuilder(uri(path)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    HttpResponse<String> delete(String path, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).DELETE();
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return send(request);
    }

    HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    URI uri(String path) {
        return URI.create(base + path);
    }
}
