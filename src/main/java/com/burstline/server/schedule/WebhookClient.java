package com.burstline.server.schedule;

import com.burstline.server.agent.AgentAddresses;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * POSTs a change point as JSON to a schedule's webhook: the address is checked again before each post (a name may
 * resolve elsewhere by now), redirects are not followed (they could lead anywhere), and connecting and the answer
 * are each bounded by {@code burstline.schedules.webhook-timeout}. Any 2xx is success.
 */
final class WebhookClient {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final AgentAddresses addresses;
    private final Duration timeout;
    private final HttpClient http;

    WebhookClient(AgentAddresses addresses, Duration timeout) {
        this.addresses = addresses;
        this.timeout = timeout;
        this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Null when the webhook took it, else why not, in words. */
    String post(String url, Object body) throws InterruptedException {
        URI uri = URI.create(url);
        String refusal = addresses.refusal(uri);
        if (refusal != null) {
            return "not sent: " + refusal;
        }
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout)
                .header("Content-Type", "application/json").header("User-Agent", "Burstline")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
        try {
            HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
            return response.statusCode() / 100 == 2 ? null : "the webhook answered HTTP " + response.statusCode();
        } catch (IOException failed) {
            return "the webhook could not be reached within " + timeout.toMillis() + " ms: "
                    + (failed.getMessage() == null ? failed.getClass().getSimpleName() : failed.getMessage());
        }
    }
}
