package com.burstline.server.job.dispatch;

import com.burstline.contract.AttemptKey;
import com.burstline.server.fleet.AgentView;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What the job page may quote of an agent's answer: the agent protocol's own problem detail, never the body of
 * whatever else answered at that URL (a stand-in HTTP server on loopback plays both).
 */
class AgentAnswerTextTest {
    private HttpServer server;

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void theAgentProtocolsProblemIsQuotedAndAnythingElseIsNot() throws IOException {
        AgentClient client = client();
        answer("application/problem+json", "{\"type\": \"urn:burstline:agent-problem:409\", \"detail\": "
                + "\"agent b is busy with job 7 scenario 31\"}");
        assertThatThrownBy(() -> client.cancel(view(), new AttemptKey(1, 2, 1)))
                .hasMessage("agent sut could not cancel the scenario: HTTP 400 agent b is busy with job 7 scenario 31");

        answer("text/html", "<h1>Internal admin console: password hunter2</h1>");
        assertThatThrownBy(() -> client.cancel(view(), new AttemptKey(1, 2, 1)))
                .hasMessage("agent sut could not cancel the scenario: HTTP 400 (not an answer of the Burstline "
                        + "agent protocol)");

        answer("application/problem+json", "{\"type\": \"about:blank\", \"detail\": \"someone else's words\"}");
        assertThatThrownBy(() -> client.cancel(view(), new AttemptKey(1, 2, 1)))
                .hasMessageNotContaining("someone else's words");
    }

    private void answer(String contentType, String body) throws IOException {
        if (server != null) {
            server.stop(0);
        }
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", contentType);
            exchange.sendResponseHeaders(400, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
    }

    private AgentView view() {
        return new AgentView("sut", "http://127.0.0.1:" + server.getAddress().getPort(), "127.0.0.1", "test", null,
                true, false, null, null, null, null);
    }

    private static AgentClient client() {
        return TestAgentClients.client(TestAgentClients.newSigningKey());
    }
}
