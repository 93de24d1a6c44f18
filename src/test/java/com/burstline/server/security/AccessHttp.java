package com.burstline.server.security;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

/** Real HTTP for the access tests: tokens, the OpenAPI document's endpoints and plain calls. */
final class AccessHttp {
    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> METHODS = List.of("get", "post", "put", "patch", "delete");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;

    AccessHttp(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    /** The enrolled agent of the matrix: its own calls name it, so that its secret may make them. */
    static final String MATRIX_AGENT = "matrix-agent";

    /**
     * One documented operation; path variables get values that name nothing, so no call changes anything, except
     * an agent's own calls, which name the matrix's enrolled agent (a heartbeat, an empty result or live message).
     */
    record Endpoint(String method, String path) {
        String concretePath() {
            return path.replaceAll("\\{[^}]+}", path.contains("tokens/") || path.contains("/runs/")
                    || path.contains("/jobs/") ? "999999"
                    : path.startsWith("/api/v1/agents/{name}/") ? MATRIX_AGENT : "matrix-nobody");
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    List<Endpoint> documentedEndpoints(String token) {
        var response = send("GET", "/v3/api-docs", token, null);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        List<Endpoint> endpoints = new ArrayList<>();
        JsonNode paths = JSON.readTree(response.body()).get("paths");
        for (String path : paths.propertyNames()) {
            for (String method : METHODS) {
                if (paths.get(path).has(method)) {
                    endpoints.add(new Endpoint(method.toUpperCase(Locale.ROOT), path));
                }
            }
        }
        return endpoints;
    }

    /** Issues a token with this role through the API and returns its secret. */
    String issue(String adminToken, String name, String role) {
        var response = send("POST", "/api/v1/tokens", adminToken, "{\"name\": \"" + name + "\", \"role\": \""
                + role + "\"}");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return JSON.readTree(response.body()).get("secret").stringValue();
    }

    long idOf(String adminToken, String name) {
        for (JsonNode token : JSON.readTree(send("GET", "/api/v1/tokens", adminToken, null).body())) {
            if (token.get("name").stringValue().equals(name)) {
                return token.get("id").longValue();
            }
        }
        throw new AssertionError("no token named " + name);
    }

    HttpResponse<String> send(String method, String path, String token, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + path, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
