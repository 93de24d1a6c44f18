package com.burstline.server.job;

import com.burstline.iperf.Samples;
import com.burstline.server.BurstlineApplication;
import com.burstline.testsupport.TestTokens;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

/** A thin real-HTTP client for the job tests, with ScenarioResults built as an agent posts them. */
public final class JobApiClient {
    public static final String API_TOKEN = TestTokens.API;
    public static final String AGENT_TOKEN = TestTokens.AGENT;
    public static final JsonMapper JSON = JsonMapper.builder().build();
    public static final Duration PATIENCE = Duration.ofSeconds(90);

    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final String readToken;

    public JobApiClient(String base) {
        this(base, API_TOKEN);
    }

    /** readToken: what reads send, since every read needs a user or a token. */
    public JobApiClient(String base, String readToken) {
        this.base = base;
        this.readToken = readToken;
    }

    public HttpResponse<String> get(String path) {
        return send("GET", path, readToken, null);
    }

    public HttpResponse<String> send(String method, String path, String token, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
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
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public HttpResponse<String> createJob(String json) {
        return send("POST", "/api/v1/jobs", API_TOKEN, json);
    }

    /** The job's server-sent events, gathered in the background: the {@code samples} lines as they arrive. */
    public List<String> liveSamples(long jobId) {
        return events(jobId, "samples");
    }

    /** The data of the job's {@code latency} events from now on, as they arrive. */
    public List<String> latencySamples(long jobId) {
        return events(jobId, "latency");
    }

    private List<String> events(long jobId, String name) {
        List<String> data = new CopyOnWriteArrayList<>();
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs/" + jobId + "/events"))
                .header("Authorization", "Bearer " + API_TOKEN).header("Accept", "text/event-stream").build();
        String[] current = {""};
        http.sendAsync(request, HttpResponse.BodyHandlers.ofLines())
                .thenAccept(response -> response.body().forEach(line -> {
                    if (line.startsWith("event:")) {
                        current[0] = line.substring("event:".length());
                    } else if (line.startsWith("data:") && current[0].equals(name)) {
                        data.add(line);
                    }
                }));
        return data;
    }

    /** A real server on this port (0: any free one) and data dir, as {@link #serverProperties} sets it up. */
    /** The port a started server listens on. */
    public static int port(ConfigurableApplicationContext context) {
        return ((org.springframework.boot.web.server.context.WebServerApplicationContext) context).getWebServer()
                .getPort();
    }

    public static ConfigurableApplicationContext startServer(int port, Path dataDir, String... more) {
        List<String> args = new ArrayList<>(List.of("--server.port=" + port, "--burstline.data-dir=" + dataDir,
                "--burstline.api-token=" + API_TOKEN, "--burstline.agent-token=" + AGENT_TOKEN,
                "--burstline.agents.heartbeat-seconds=1"));
        args.addAll(List.of(more));
        return new SpringApplicationBuilder(BurstlineApplication.class).run(args.toArray(String[]::new));
    }

    /** The server the job tests talk to: this data dir, the test tokens, 1 s heartbeats. */
    public static void serverProperties(DynamicPropertyRegistry registry, Supplier<Path> dataDir) {
        registry.add("burstline.data-dir", () -> dataDir.get().toString());
        registry.add("burstline.api-token", () -> API_TOKEN);
        registry.add("burstline.agent-token", () -> AGENT_TOKEN);
        registry.add("burstline.agents.heartbeat-seconds", () -> "1");
    }

    public static JsonNode json(HttpResponse<String> response) {
        return JSON.readTree(response.body());
    }

    public JsonNode job(long id) {
        return json(get("/api/v1/jobs/" + id));
    }

    /** Waits until the job's scenario at this position has the status, and returns the job. */
    public JsonNode awaitScenario(long jobId, int position, String status) {
        return Eventually.await("scenario " + position + " of job " + jobId + " to be " + status, PATIENCE,
                () -> job(jobId), job -> job.get("scenarios").get(position).get("status").stringValue()
                        .equals(status));
    }

    /** A ScenarioResult as the agent posts it, with real iperf3 output from src/test/resources/iperf3. */
    public static String result(JsonNode scenario, long jobId, String sampleFile) {
        return result(scenario, jobId, AgentResult.of(sampleFile));
    }

    /** The same with the agent's facts, counters and command as given; what is not given is the defaults'. */
    static String result(JsonNode scenario, long jobId, AgentResult given) {
        ObjectNode result = JSON.createObjectNode();
        result.put("jobId", jobId).put("scenarioId", scenario.get("id").longValue())
                .put("attempt", scenario.get("attempt").intValue()).put("succeeded", true)
                .put("output", ownRun(new String(Samples.bytes(given.sample()), StandardCharsets.UTF_8), jobId,
                        scenario.get("id").longValue(), scenario.get("attempt").intValue()))
                .put("outputFormat", given.outputFormat()).put("stderr", "").put("exitCode", 0);
        if (given.command() == null) {
            result.putArray("command").add("iperf3").add("-c").add("127.0.0.1").add("-J");
        } else {
            given.command().forEach(result.putArray("command")::add);
        }
        if (given.factsJson() == null) {
            ObjectNode facts = result.putObject("facts").put("osName", "Linux").put("instanceType", "t4g.large")
                    .put("routeInterface", "eth0");
            facts.putArray("interfaces").addObject().put("name", "eth0").put("driver", "ena")
                    .put("driverVersion", "2.11.0");
        } else {
            result.set("facts", JSON.readTree(given.factsJson()));
        }
        if (given.countersJson() == null) {
            result.putObject("counters").put("interface", "eth0").putObject("delta").put("tx_bytes", 123456)
                    .put("bw_out_allowance_exceeded", 0);
        } else {
            result.set("counters", JSON.readTree(given.countersJson()));
        }
        return result.toString();
    }

    private static final java.util.regex.Pattern COOKIE = java.util.regex.Pattern.compile(
            "\"cookie\":\\s*\"([a-z0-9]{36})\"");

    /**
     * The sample as this attempt's own run: iperf3 draws a random cookie for every test, so two real runs never
     * print the same bytes, and the server links a result only to the run its own bytes made. The sample's cookie
     * (all its occurrences: the client's and the server's output share it) becomes one drawn from the attempt.
     */
    public static String ownRun(String output, long jobId, long scenarioId, int attempt) {
        java.util.regex.Matcher cookie = COOKIE.matcher(output);
        if (!cookie.find()) {
            return output;
        }
        String drawn = com.burstline.server.security.TokenSecrets.sha256(jobId + "/" + scenarioId + "/" + attempt
                + "/" + cookie.group(1)).substring(0, 36);
        return output.replace(cookie.group(1), drawn);
    }

    static String failedResult(JsonNode scenario, long jobId, String error) {
        return JSON.createObjectNode().put("jobId", jobId).put("scenarioId", scenario.get("id").longValue())
                .put("attempt", scenario.get("attempt").intValue()).put("succeeded", false).put("error", error)
                .put("output", "").put("exitCode", 1).toString();
    }

}
