package com.burstline.agent;

import com.burstline.contract.AgentCallSignature;
import com.burstline.contract.EnrollmentSecret;
import com.burstline.contract.LegacyCallSignature;
import com.burstline.contract.ServerSigningKeys;
import com.burstline.testsupport.TestPorts;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real agent process started from {@code target/burstline-agent.jar} (built by {@code mvn package}, before the
 * integration tests run), optionally inside a network namespace. Tests use it as a user would: over HTTP, and speak
 * to it as its server does with {@link #signedCall}, signed with {@link #TEST_SERVER}'s key, which
 * {@link #enrolled} pinned in its spool beside a secret, for an agent whose test plays its server.
 */
public final class AgentProcess implements AutoCloseable {
    public static final Path JAR = Path.of("target/burstline-agent.jar");
    /** The signing key of the server the tests play: {@link #enrolled} agents obey calls signed with it. */
    public static final KeyPair TEST_SERVER = ServerSigningKeys.generate();
    private static final Pattern LISTENING = Pattern.compile("listening at (\\S+)");
    private static final Pattern FINGERPRINT = Pattern.compile("certificate SHA-256 ([0-9A-F:]{95})");

    private final Process process;
    private final Path log;
    private final int port;
    private final String host;
    private final Path secretFile;
    private final String name;
    private URI url;
    private HttpClient client = HttpClient.newHttpClient();

    private AgentProcess(Process process, Path log, String host, int port, Path secretFile, String name) {
        this.secretFile = secretFile;
        this.name = name;
        this.process = process;
        this.log = log;
        this.host = host;
        this.port = port;
    }

    /** Starts an agent on loopback with a free port; {@code extra} adds or overrides options. */
    public static AgentProcess start(String server, String token, String name, Path workDir, String... extra)
            throws IOException {
        int port = TestPorts.free();
        List<String> options = new ArrayList<>(List.of("--server", server, "--token", token, "--name", name,
                "--listen", "127.0.0.1:" + port, "--spool", workDir.resolve("spool-" + name).toString()));
        options.addAll(List.of(extra));
        return startWith(List.of(), "127.0.0.1", port, workDir.resolve(name + ".log"), options);
    }

    /** As {@link #start}, the agent's JVM started with {@code jvmFlags} (e.g. what a launch script passes). */
    public static AgentProcess startWithFlags(String server, String token, String name, Path workDir,
                                              List<String> jvmFlags) throws IOException {
        return startWithFlags(server, token, name, workDir, Map.of(), jvmFlags);
    }

    /** As {@link #startWithFlags(String, String, String, Path, List)}, with {@code env} added to its environment. */
    public static AgentProcess startWithFlags(String server, String token, String name, Path workDir,
                                              Map<String, String> env, List<String> jvmFlags) throws IOException {
        int port = TestPorts.free();
        return launch(List.of(), env, jvmFlags, "127.0.0.1", port, workDir.resolve(name + ".log"),
                List.of("--server", server, "--token", token, "--name", name, "--listen", "127.0.0.1:" + port,
                        "--spool", workDir.resolve("spool-" + name).toString()));
    }

    /** Starts an agent with a command prefix (e.g. {@code ip netns exec ns-a}) and full options. */
    public static AgentProcess startWith(List<String> prefix, String host, int port, Path log, List<String> options)
            throws IOException {
        return launch(prefix, Map.of(), List.of(), host, port, log, options);
    }

    private static AgentProcess launch(List<String> prefix, Map<String, String> env, List<String> jvmFlags,
                                       String host, int port, Path log, List<String> options) throws IOException {
        if (!Files.exists(JAR)) {
            throw new IllegalStateException(JAR + " is missing: run 'mvn package' (integration tests need it)");
        }
        List<String> command = new ArrayList<>(prefix);
        command.add(javaBin());
        command.addAll(jvmFlags);
        command.addAll(List.of("-jar", JAR.toString()));
        command.addAll(options);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        AgentProcess agent = new AgentProcess(process, log, host, port, secretFile(options),
                options.get(options.indexOf("--name") + 1));
        agent.awaitListening();
        return agent;
    }

    /** Where the agent named in {@code options} keeps its secret: {@code <spool>/<name>.secret}. */
    private static Path secretFile(List<String> options) {
        String name = options.get(options.indexOf("--name") + 1);
        int spool = options.indexOf("--spool");
        return (spool < 0 ? AgentSettings.defaultSpool(name) : Path.of(options.get(spool + 1))).resolve(name + ".secret");
    }

    /**
     * Makes {@code spool} hold a secret for agent {@code name} and {@link #TEST_SERVER}'s key, as if it had enrolled
     * with the test's server: for tests that play the agent's server themselves. Answers the secret.
     */
    public static String enrolled(Path spool, String name) throws IOException {
        String secret = new AgentSecret(spool, name).keep(EnrollmentSecret.generate());
        new ServerKey(spool, name).pin(ServerSigningKeys.publicText(TEST_SERVER.getPublic()), "the test's server");
        return secret;
    }

    /** The key of the agent's secret (protocol v1), which signs only the delivery of a server's key. */
    public String legacyKey() throws IOException {
        return LegacyCallSignature.keyOf(Files.readString(secretFile, StandardCharsets.UTF_8).strip());
    }

    public String name() {
        return name;
    }

    /** A call as the agent's server makes it: signed now with {@link #TEST_SERVER}'s key for this agent. */
    public HttpResponse<String> signedCall(String method, String path, String json) {
        return send(method, path, signature(name, method, path, json, Instant.now()), json);
    }

    /**
     * The signature headers of a call to agent {@code agentName} by {@link #TEST_SERVER} at {@code at}, e.g. to replay
     * it or to sign it stale.
     */
    public static Map<String, String> signature(String agentName, String method, String path, String json,
                                                Instant at) {
        return signature(TEST_SERVER.getPrivate(), agentName, method, path, json, at);
    }

    /** The same signed with another key, e.g. another server's. */
    public static Map<String, String> signature(PrivateKey key, String agentName, String method, String path,
                                                String json, Instant at) {
        byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
        return AgentCallSignature.sign(key, agentName, method, path, body, at);
    }

    /** A call with exactly these headers. */
    public HttpResponse<String> send(String method, String path, Map<String, String> headers, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(url().resolve(path)).timeout(Duration.ofSeconds(20));
        headers.forEach(request::header);
        request.method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(json));
        return exchange(request.build());
    }

    /** The URL the agent logged it listens at: https with its own key unless started with --tls off. */
    public URI url() {
        return url;
    }

    /** The SHA-256 fingerprint of the certificate the agent's HTTPS API presents; null for plain HTTP. */
    public String fingerprint() {
        try {
            Matcher matcher = FINGERPRINT.matcher(log());
            return matcher.find() ? matcher.group(1) : null;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A call with a bearer token (null for none), which the agent's API refuses whatever the token. */
    public HttpResponse<String> call(String method, String path, String token, String json) {
        return send(method, path, token == null ? Map.of() : Map.of("Authorization", "Bearer " + token), json);
    }

    private HttpResponse<String> exchange(HttpRequest request) {
        try {
            return client.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("agent " + url() + " did not answer: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public String log() throws IOException {
        return Files.readString(log);
    }

    /** The agent's JVM, e.g. for its memory in {@code /proc/<pid>/status}. */
    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Like a crash or {@code kill -9}: no shutdown hook runs. */
    public void kill() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                kill();
            }
        }
    }

    private void awaitListening() throws IOException {
        Instant deadline = Instant.now().plusSeconds(30);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the agent exited: " + Files.readString(log));
            }
            Matcher listening = LISTENING.matcher(Files.exists(log) ? Files.readString(log) : "");
            if (listening.find()) {
                url = URI.create(listening.group(1));
                String pin = fingerprint();
                // the test calls the agent as the server does: trusting exactly the certificate it presents
                client = pin == null ? client : HttpClient.newBuilder()
                        .sslContext(com.burstline.server.fleet.AgentTrust.pinned(host, pin)).build();
                return;
            }
            sleep(100);
        }
        throw new IllegalStateException("the agent did not start listening: " + Files.readString(log));
    }

    /** The first result a scenario left in this spool (no server to deliver to), waiting up to a minute. */
    public static String awaitSpooled(Path spool) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        while (Instant.now().isBefore(deadline)) {
            if (Files.isDirectory(spool)) {
                try (var files = Files.list(spool)) {
                    var result = files.filter(f -> f.toString().endsWith(".result.json")).findFirst();
                    if (result.isPresent()) {
                        return Files.readString(result.get());
                    }
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no result appeared in " + spool);
    }

    /** The java of this JVM: agents, and anything measured beside them, start with the same one. */
    public static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
