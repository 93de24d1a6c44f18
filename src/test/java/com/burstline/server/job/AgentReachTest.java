package com.burstline.server.job;

import com.burstline.server.security.SignedInBrowser;
import com.burstline.testsupport.BurstlineTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whether the server can call an agent that sends heartbeats, found out after its first heartbeat and shown on the
 * agent (API and Agents page), over real HTTP both ways: the test plays the agents ({@link TestAgent}), one whose
 * API answers and one whose API is gone (a port closed to the server) while its heartbeats still arrive.
 */
@BurstlineTest
class AgentReachTest {
    private static final Duration PATIENCE = Duration.ofSeconds(20);

    @LocalServerPort
    int port;
    private final List<TestAgent> agents = new ArrayList<>();

    @AfterEach
    void closeAgents() {
        agents.forEach(TestAgent::close);
    }

    @Test
    void anAgentTheServerCanCallIsShownReachedWithASignedStatusCall() throws Exception {
        TestAgent agent = agent("reach-open");
        agent.register();

        JsonNode reach = awaitReach("reach-open");

        assertThat(reach.get("reached").booleanValue()).as(reach.toString()).isTrue();
        assertThat(reach.get("detail").stringValue()).matches("answered in \\d+ ms");
        assertThat(reach.get("connected").booleanValue()).isTrue();
        assertThat(Instant.parse(reach.get("checkedAt").stringValue())).isBefore(Instant.now().plusSeconds(1));
        assertThat(agent.calls).contains("/v1/status ");
        assertThat(agent.refused).isEmpty();
        String page = signedIn("/agents");
        // Thymeleaf writes hidden="hidden" on the words that do not apply
        assertThat(page).contains("<span data-reach-when=\"reached\">reached from this server:",
                ">" + reach.get("detail").stringValue() + "<")
                .doesNotContain("data-reach-when=\"unreached\" role=\"status\">");
    }

    @Test
    void anAgentWhoseApiTheServerCannotReachIsShownWithWhyAndWhatToOpen() throws Exception {
        TestAgent agent = agent("reach-closed");
        agent.stopApi(); // heartbeats still arrive: only the way back is closed
        agent.register();

        JsonNode reach = awaitReach("reach-closed");

        assertThat(reach.get("reached").booleanValue()).as(reach.toString()).isFalse();
        assertThat(reach.get("detail").stringValue()).startsWith("agent reach-closed at http://127.0.0.1:")
                .contains("could not be reached");
        assertThat(reach.get("connected").booleanValue()).as("no connection was made").isFalse();
        JsonNode listed = json(api().get("/api/v1/agents"));
        assertThat(listed.findValues("reach")).anyMatch(found -> !found.isNull()
                && found.get("detail").stringValue().equals(reach.get("detail").stringValue()));
        String page = signedIn("/agents");
        assertThat(page).contains("data-reach-when=\"unreached\" role=\"status\">",
                "This server cannot call the agent, so jobs on it fail", reach.get("detail").stringValue(),
                "<p class=\"hint\" data-reach-when=\"unreached-network\">Its heartbeats arrive");
    }

    private String signedIn(String path) throws IOException, InterruptedException {
        SignedInBrowser browser = new SignedInBrowser(port);
        browser.signIn("", JobApiClient.API_TOKEN);
        HttpResponse<String> page = browser.get(path);
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        return page.body();
    }

    private JsonNode awaitReach(String name) {
        return Eventually.await("the server to call agent " + name, PATIENCE,
                () -> json(api().get("/api/v1/agents/" + name)).get("reach"),
                reach -> reach != null && !reach.isNull());
    }

    private TestAgent agent(String name) throws IOException {
        TestAgent agent = new TestAgent("http://127.0.0.1:" + port, JobApiClient.AGENT_TOKEN, name);
        agents.add(agent);
        return agent;
    }

    private JobApiClient api() {
        return new JobApiClient("http://127.0.0.1:" + port);
    }
}
