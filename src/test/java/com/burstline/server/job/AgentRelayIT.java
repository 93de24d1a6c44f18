package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import com.burstline.contract.LegacyCallSignature;
import com.burstline.contract.ServerSigningKeys;
import com.burstline.testsupport.RecordingRelay;
import com.burstline.testsupport.TestPorts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.PATIENCE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keys never cross the wire. A relay sits between two real agent processes and the server, both ways, on their
 * plain-HTTP settings (the explicit choice that leaves most to read: {@code http://} server, {@code --tls off}), and
 * records every byte while the agents enroll, send heartbeats, are dispatched a real iperf3 job and report it. Then
 * the test tries to make the SUT obey a call with everything it read: every secret-shaped value in the recording
 * and its SHA-256, as the key of the v1 signature, as an Ed25519 private key, as a bearer token. The agent obeys
 * none. And an agent enrolled before protocol v2 moves to the server's key on its next heartbeat, without enrolling
 * again, and then refuses v1.
 */
class AgentRelayIT {
    private static final Pattern SECRET_SHAPED = Pattern.compile("[A-Za-z0-9_+/=:.-]{16,}");

    @TempDir
    static Path workDir;
    private static ConfigurableApplicationContext server;
    private static JobApiClient api;
    private static int serverPort;
    private final ByteArrayOutputStream recording = new ByteArrayOutputStream();
    private final List<AutoCloseable> started = new ArrayList<>();

    @BeforeAll
    static void startServer() throws IOException {
        server = JobApiClient.startServer(0, workDir.resolve("data"),
                "--burstline.jobs.iperf3-port=" + TestPorts.iperf3Pool());
        serverPort = ((WebServerApplicationContext) server).getWebServer().getPort();
        api = new JobApiClient("http://127.0.0.1:" + serverPort);
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable closeable : started) {
            closeable.close();
        }
    }

    @Test
    void nothingARelayReadsLetsItSignACallTheAgentObeys() throws Exception {
        AgentProcess sut = relayed("relay-sut");
        relayed("relay-peer");
        long jobId = JobApiClient.json(api.createJob("""
                {"sut": "relay-sut", "peer": "relay-peer", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 2, "intervalSeconds": 1}]}""")).get("id").longValue();
        JsonNode job = Eventually.await("the job through the relay", PATIENCE, () -> api.job(jobId),
                ended -> !List.of("QUEUED", "RUNNING").contains(ended.get("status").stringValue()));
        assertThat(job.get("status").stringValue()).as("the agents obeyed the server through the relay: "
                + job).isEqualTo("SUCCEEDED");
        String read;
        synchronized (recording) {
            read = recording.toString(StandardCharsets.ISO_8859_1);
        }
        String secret = Files.readString(workDir.resolve("spool-relay-sut/relay-sut.secret")).strip();
        assertThat(read).as("the relay read the SUT's secret: plain HTTP hides nothing").contains(secret);
        long obeyed = obeyedCalls(sut);

        Set<String> candidates = new LinkedHashSet<>();
        Matcher shaped = SECRET_SHAPED.matcher(read);
        while (shaped.find()) {
            if (shaped.group().chars().anyMatch(Character::isLetter)) { // a number is no secret
                candidates.add(shaped.group());
            }
        }
        List<String> obeyedForgeries = new ArrayList<>();
        String body = scenario();
        for (String candidate : candidates) {
            for (String key : List.of(LegacyCallSignature.keyOf(candidate), candidate.toLowerCase())) {
                if (key.matches("[0-9a-f]{64}")) {
                    tryCall(sut, LegacyCallSignature.sign(key, "POST", "/v1/scenarios",
                            body.getBytes(StandardCharsets.UTF_8), Instant.now()), body, "v1 " + key, obeyedForgeries);
                }
            }
            PrivateKey asKey = privateKey(candidate);
            if (asKey != null) {
                tryCall(sut, AgentProcess.signature(asKey, "relay-sut", "POST", "/v1/scenarios", body,
                        Instant.now()), body, "v2 " + candidate, obeyedForgeries);
            }
            tryCall(sut, Map.of("Authorization", "Bearer " + candidate), body, "bearer " + candidate,
                    obeyedForgeries);
        }

        System.out.printf("relay: %d bytes read, %d secret-shaped values tried%n", read.length(), candidates.size());
        assertThat(candidates).hasSizeGreaterThan(20).contains(secret);
        assertThat(obeyedForgeries).as("calls the agent obeyed that the test signed with what it read").isEmpty();
        assertThat(obeyedCalls(sut)).as("no order beyond the server's reached the agent").isEqualTo(obeyed);
    }

    /** An upgraded agent without the server's key: its next heartbeat brings it, signed once with the old key. */
    @Test
    void anAgentEnrolledBeforeV2MovesToTheServersKeyOnItsNextHeartbeat() throws Exception {
        AgentProcess peer = relayed("move-peer");
        AgentProcess sut = relayed("move-sut");
        Path keyFile = workDir.resolve("spool-move-sut/move-sut.server-key");
        Eventually.await("the server's key pinned at enrollment", PATIENCE, () -> exists(keyFile),
                Boolean::booleanValue);
        sut.kill();
        Files.delete(keyFile); // as an agent that enrolled before protocol v2 keeps its spool
        AgentProcess upgraded = relayed("move-sut");

        Eventually.await("the server's key delivered to the upgraded agent", PATIENCE, () -> exists(keyFile),
                Boolean::booleanValue);
        assertThat(upgraded.log()).contains("Pinned the server's signing key SHA-256",
                "delivered by its server over this agent's listener, signed with the key of this agent's secret");
        assertThat(Files.readString(keyFile).strip()).isEqualTo(
                Files.readString(workDir.resolve("data/agent-signing-key.pub")).strip());
        long jobId = JobApiClient.json(api.createJob("""
                {"sut": "move-sut", "peer": "move-peer", "scenarios": [
                  {"protocol": "TCP", "durationSeconds": 1, "intervalSeconds": 1}]}""")).get("id").longValue();
        assertThat(Eventually.await("the job on the upgraded agent", PATIENCE, () -> api.job(jobId),
                ended -> !List.of("QUEUED", "RUNNING").contains(ended.get("status").stringValue()))
                .get("status").stringValue()).isEqualTo("SUCCEEDED");

        String body = scenario();
        HttpResponse<String> oldKey = upgraded.send("POST", "/v1/scenarios", LegacyCallSignature.sign(
                upgraded.legacyKey(), "POST", "/v1/scenarios", body.getBytes(StandardCharsets.UTF_8), Instant.now()),
                body);
        assertThat(oldKey.statusCode()).as("the old key is refused from then on").isEqualTo(401);
        assertThat(peer.isAlive()).isTrue();
    }

    /** An agent that talks to the server through one relay and is called through another, plain both ways. */
    private AgentProcess relayed(String name) throws IOException {
        int agentPort = TestPorts.free();
        RecordingRelay toServer = new RecordingRelay(new InetSocketAddress("127.0.0.1", serverPort), recording);
        RecordingRelay toAgent = new RecordingRelay(new InetSocketAddress("127.0.0.1", agentPort), recording);
        started.add(toServer);
        started.add(toAgent);
        AgentProcess agent = AgentProcess.startWith(List.of(), "127.0.0.1", toAgent.port(),
                workDir.resolve(name + "-" + System.nanoTime() + ".log"), List.of(
                        "--server", "http://127.0.0.1:" + toServer.port(), "--token", AGENT_TOKEN, "--name", name,
                        "--listen", "127.0.0.1:" + agentPort, "--advertise", "http://127.0.0.1:" + toAgent.port(),
                        "--tls", "off", "--test-address", "127.0.0.1",
                        "--spool", workDir.resolve("spool-" + name).toString()));
        started.add(0, agent);
        Eventually.await("agent " + name + " to register", PATIENCE, () -> api.get("/api/v1/agents/" + name),
                response -> response.statusCode() == 200 && JobApiClient.json(response).get("online").booleanValue());
        return agent;
    }

    private static void tryCall(AgentProcess agent, Map<String, String> headers, String body, String what,
                                List<String> obeyed) {
        HttpResponse<String> answer = agent.send("POST", "/v1/scenarios", headers, body);
        if (answer.statusCode() != 401) {
            obeyed.add(what + " → " + answer.statusCode() + " " + answer.body());
        }
    }

    /** A candidate that happens to decode as an Ed25519 private key (PKCS#8 in Base64), else null. */
    private static PrivateKey privateKey(String candidate) {
        try {
            return ServerSigningKeys.parsePrivate(candidate);
        } catch (GeneralSecurityException | RuntimeException notAKey) {
            return null;
        }
    }

    private static long obeyedCalls(AgentProcess agent) throws IOException {
        return agent.log().lines().filter(line -> line.contains("The server asks: POST /v1/scenarios")).count();
    }

    private static boolean exists(Path file) {
        return Files.exists(file);
    }

    /** A valid scenario against loopback: obeyed, it would start iperf3 at once. */
    private static String scenario() {
        return "{\"jobId\": 900, \"scenarioId\": 901, \"attempt\": 1, \"peerHost\": \"127.0.0.1\", \"port\": 5999, "
                + "\"protocol\": \"TCP\", \"direction\": \"upload\", \"streams\": 1, \"durationSeconds\": 1, "
                + "\"intervalSeconds\": 1, \"omitSeconds\": 0, \"nonce\": \"relay-test-nonce-0123456789\"}";
    }
}
