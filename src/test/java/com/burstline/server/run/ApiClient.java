package com.burstline.server.run;

import com.burstline.testsupport.TestTokens;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** A thin real-HTTP client for the API tests: what curl would send, nothing Spring-specific. */
public final class ApiClient {
    public static final String TOKEN = TestTokens.API;

    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final String token;

    public ApiClient(int port) {
        this(port, TOKEN);
    }

    public ApiClient(int port, String token) {
        this.base = "http://127.0.0.1:" + port;
        this.token = token;
    }

    public HttpResponse<String> upload(byte[] body, String contentType, String query) {
        return send(HttpRequest.newBuilder(uri("/api/v1/runs" + query))
                .header("Authorization", "Bearer " + TOKEN)
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    public HttpResponse<String> patch(String path, String json, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return send(request);
    }

    /** A read with the bootstrap admin token: every read needs a user or a token. */
    public HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + token).GET());
    }

    public HttpResponse<byte[]> getBytes(String path) {
        try {
            return http.send(HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + token).GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpResponse<String> delete(String path, String token) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).DELETE();
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return send(request);
    }

    public HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public URI uri(String path) {
        return URI.create(base + path);
    }
}
