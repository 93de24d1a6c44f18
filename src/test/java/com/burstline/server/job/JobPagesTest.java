package com.burstline.server.job;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.API_TOKEN;
import static org.assertj.core.api.Assertions.assertThat;

/** The Agents and jobs pages over real HTTP, as a browser uses them: sign in, start a job, watch it, cancel it. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class JobPagesTest {
    private static final String NOTE = "Agents run on loopback: <no shaping> & this machine's figures";
    private static final String ESCAPED_NOTE =
            "Agents run on loopback: &lt;no shaping&gt; &amp; this machine&#39;s figures";
    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

    @TempDir
    static Path dataDir;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("burstline.data-dir", () -> dataDir.toString());
        registry.add("burstline.api-token", () -> API_TOKEN);
        registry.add("burstline.agent-token", () -> AGENT_TOKEN);
        registry.add("burstline.environment-note", () -> NOTE);
    }

    @LocalServerPort
    int port;
    private final HttpClient browser = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
    private final List<TestAgent> agents = new ArrayList<>();

    @AfterEach
    void stopAgents() {
        agents.forEach(TestAgent::close);
    }

    @Test
    void aSignedInUserStartsAJobFromTheFormWatchesItAndCancelsIt() throws Exception {
        for (String name : List.of("page-sut", "page-peer")) {
            agents.add(new TestAgent(base(), AGENT_TOKEN, name).register());
        }
        assertThat(get("/agents").statusCode()).as("pages need a signed-in user").isEqualTo(302);
        signIn();
        var agentsPage = get("/agents");
        assertThat(agentsPage.statusCode()).isEqualTo(200);
        assertThat(agentsPage.body()).contains("page-sut", "page-peer", "online", "eth0: ena 2.11.0, MTU 9001",
                "t4g.large", "href=\"/agents\"", "href=\"/jobs\"", ESCAPED_NOTE);
        assertThat(agentsPage.body()).doesNotContain("<no shaping>");
        var form = get("/jobs/new");
        assertThat(form.body()).contains("<option value=\"page-sut\">", "<option value=\"page-peer\">",
                ESCAPED_NOTE);
        assertThat(form.body().replaceAll("\\s+", " ")).as("the standard plan's rows, rendered from the plan")
                .contains("<td>UDP</td> <td>upload</td><td>1</td> "
                        + "<td data-role=\"seconds\" data-default=\"30\">30</td> <td>5</td><td>5000</td>");
        var refused = post("/jobs/new", csrf(form.body()), "sut=page-sut&peer=page-sut&plan=standard&repeat=1");
        assertThat(refused.body()).as("the rules' problem in the form's words")
                .contains("SUT and peer must be two different agents");
        var started = post("/jobs/new", csrf(refused.body()),
                "sut=page-sut&peer=page-peer&plan=standard&durationSeconds=1&repeat=1&tags=from-form");

        assertThat(started.statusCode()).isEqualTo(302);
        String jobPath = URI.create(started.headers().firstValue("Location").orElseThrow()).getPath();
        assertThat(jobPath).matches("/jobs/\\d+");
        var jobPage = get(jobPath);
        assertThat(jobPage.body()).contains("page-sut → page-peer", "TCP 4 streams download, 1 s",
                "UDP 5 Gbit/s upload, 1 s", "from-form", "/js/job-page.js", "Cancel this job…", ESCAPED_NOTE);
        assertThat(jobPage.body()).as("a label says only what tells its scenario apart")
                .doesNotContain("repeat 1", "tool auto");
        assertThat(jobPage.body().replaceAll("\\s+", " ")).as("cancelling asks first and names what is lost")
                .contains("<details class=\"confirm\" id=\"cancel-confirm\">", "Cancel job #"
                        + jobPath.substring("/jobs/".length()) + "? The scenario running now stops");
        assertThat(get("/jobs").body()).contains("href=\"" + jobPath + "\"");
        var cancelled = post(jobPath + "/cancel", csrf(jobPage.body()), "");
        assertThat(cancelled.statusCode()).isEqualTo(302);
        assertThat(get(jobPath).body()).contains("CANCELLED");
        assertThat(get("/jobs/999999").statusCode()).isEqualTo(404);
    }

    private void signIn() throws IOException, InterruptedException {
        var login = get("/login");
        var signedIn = post("/login", csrf(login.body()), "username=&password="
                + URLEncoder.encode(API_TOKEN, StandardCharsets.UTF_8));
        assertThat(signedIn.statusCode()).isEqualTo(302);
        assertThat(signedIn.headers().firstValue("Location").orElseThrow()).doesNotContain("error");
    }

    private static String csrf(String page) {
        Matcher matcher = CSRF.matcher(page);
        assertThat(matcher.find()).as("a CSRF field in the page").isTrue();
        return matcher.group(1);
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return browser.send(HttpRequest.newBuilder(URI.create(base() + path)).header("Accept", "text/html").build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String csrf, String form) throws IOException, InterruptedException {
        String body = "_csrf=" + URLEncoder.encode(csrf, StandardCharsets.UTF_8) + (form.isEmpty() ? "" : "&" + form);
        return browser.send(HttpRequest.newBuilder(URI.create(base() + path)).header("Accept", "text/html")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private String base() {
        return "http://127.0.0.1:" + port;
    }
}
