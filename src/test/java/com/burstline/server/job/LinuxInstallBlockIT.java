package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import com.burstline.server.security.JoinTokens;
import com.burstline.server.security.SignedInBrowser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.burstline.server.job.JobApiClient.json;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Agents page's Ubuntu/Debian block, run for real as a new user would run it: the exact text the page shows for
 * a server URL on the lab's non-loopback address (10.113.200.1), pasted into bash in a fresh network namespace
 * (blho-inst) by a fresh unprivileged user with an empty home who may sudo. The block's package step runs only for
 * what is missing; this machine has Java, iperf3, ethtool and curl (scripts/install-prerequisites.sh), so here the
 * step is skipped, and the test says so by checking that nothing was installed. systemd is not PID 1 here, so the
 * unit the block wrote is checked with systemd-analyze verify and the agent is started as the unit would start it
 * (its user, directory, environment and ExecStart, in the namespace). The jar is fetched and checked, the agent
 * enrolls, heartbeats, and a job between it and a second agent succeeds; the same block with its token used, or with
 * a revoked one, starts nothing; the uninstall block removes what the block made. Needs root, as CI is.
 */
class LinuxInstallBlockIT {
    private static final String NAMESPACE = "blho-inst";
    private static final String HOST_ADDRESS = "10.113.200.1";
    private static final String NAMESPACE_ADDRESS = "10.113.200.2";
    private static final String UNIT = "/etc/systemd/system/burstline-agent.service";
    private static final Duration PATIENCE = Duration.ofMinutes(2);
    private static final Path AGENT_JAR = Path.of("target", "burstline-agent.jar").toAbsolutePath();
    private static final String USER = "blho-u" + UUID.randomUUID().toString().substring(0, 6);
    private static final Path ROOT = Path.of("/tmp", "blho-install-" + UUID.randomUUID().toString().substring(0, 8));

    @TempDir
    static Path workDir;
    private static ConfigurableApplicationContext server;
    private static int serverPort;
    private static final List<Process> started = new ArrayList<>();
    private static final List<AgentProcess> peers = new ArrayList<>();

    @BeforeAll
    static void freshNamespaceUserAndServer() throws Exception {
        assertThat(AGENT_JAR).as("mvn package builds the agent jar before the ITs run").isRegularFile();
        for (String tool : List.of("sudo", "systemd-analyze", "setpriv")) {
            assertThat(run("sh", "-c", "command -v " + tool).exit()).as(tool + " (scripts/install-prerequisites.sh "
                    + "installs it)").isZero();
        }
        run("ip", "netns", "del", NAMESPACE);
        ok("ip", "netns", "add", NAMESPACE);
        ok("ip", "-n", NAMESPACE, "link", "set", "lo", "up");
        ok("ip", "link", "add", "blho-inst0", "type", "veth", "peer", "name", "blho-inst1");
        ok("ip", "link", "set", "blho-inst1", "netns", NAMESPACE);
        ok("ip", "addr", "add", HOST_ADDRESS + "/24", "dev", "blho-inst0");
        ok("ip", "link", "set", "blho-inst0", "up");
        ok("ip", "-n", NAMESPACE, "addr", "add", NAMESPACE_ADDRESS + "/24", "dev", "blho-inst1");
        ok("ip", "-n", NAMESPACE, "link", "set", "blho-inst1", "up");

        Files.createDirectories(ROOT);
        Files.setPosixFilePermissions(ROOT, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path home = Files.createDirectories(ROOT.resolve("home"));
        ok("useradd", "--no-create-home", "--home-dir", home.toString(), "--shell", "/bin/bash", USER);
        ok("chown", USER + ":", home.toString());
        ok("chmod", "0700", home.toString());
        Files.writeString(Path.of("/etc/sudoers.d", USER), USER + " ALL=(ALL) NOPASSWD: ALL\n");
        ok("chmod", "0440", "/etc/sudoers.d/" + USER);

        server = JobApiClient.startServer(0, workDir.resolve("data"), "--burstline.agents.jar-path=" + AGENT_JAR);
        serverPort = ((WebServerApplicationContext) server).getWebServer().getPort();
    }

    @AfterAll
    static void removeEverything() throws Exception {
        for (Process process : started) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        for (AgentProcess peer : peers) {
            peer.close();
        }
        if (server != null) {
            server.close();
        }
        run("userdel", "burstline-agent");
        run("rm", "-f", UNIT, "/etc/sudoers.d/" + USER);
        run("userdel", USER);
        run("rm", "-rf", ROOT.toString());
        run("ip", "netns", "del", NAMESPACE);
        run("ip", "link", "del", "blho-inst0");
    }

    @Test
    void theBlockAsPastedInstallsAnAgentThatEnrollsHeartbeatsAndRunsAJob() throws Exception {
        Path dir = ROOT.resolve("agent");
        SignedInBrowser admin = new SignedInBrowser(serverPort);
        admin.signIn("", JobApiClient.API_TOKEN);
        assertThat(unescape(admin.get("/agents").body())).contains("127.0.0.1 is loopback");
        String page = addAgent(admin, "li-sut", dir);
        assertThat(page).doesNotContain("id=\"server-url-warnings\"");
        String block = unescape(between(page, "<pre class=\"command\" id=\"command-linux-apt\">", "</pre>"));
        String secret = unescape(between(page, "<code id=\"join-secret\">", "</code>"));

        Shell pasted = paste(block);

        assertThat(pasted.exit()).as(pasted.output()).isZero();
        assertThat(pasted.output()).as("everything was there: the package step had nothing to install")
                .doesNotContain("Installing with apt").contains("systemd is not running here");
        assertThat(Files.readAllBytes(dir.resolve("burstline-agent.jar"))).isEqualTo(Files.readAllBytes(AGENT_JAR));
        assertThat(run("stat", "-c", "%U %a", dir.resolve("join-token").toString(), dir.resolve("state").toString())
                .output()).isEqualTo("burstline-agent 600\nburstline-agent 700\n");
        Shell verify = run("systemd-analyze", "verify", UNIT);
        assertThat(verify.exit()).as(verify.output()).isZero();
        Map<String, String> unit = unit();
        assertThat(unit).containsEntry("User", "burstline-agent").containsEntry("WorkingDirectory", dir.toString())
                .containsEntry("Restart", "on-failure").containsEntry("Environment", "MALLOC_ARENA_MAX=2");
        assertThat(unit.get("ExecStart")).contains("-XX:+UseSerialGC", "-Xms16m", "@agent.args");

        startAsTheUnitWould(unit);
        JobApiClient api = new JobApiClient("http://127.0.0.1:" + serverPort);
        JsonNode sut = Eventually.await("li-sut to enroll and heartbeat", PATIENCE, () -> agent(api, "li-sut"),
                found -> found != null && found.get("online").booleanValue());
        Instant firstSeen = Instant.parse(sut.get("lastSeenAt").stringValue());
        assertThat(sut.get("url").stringValue()).isEqualTo("https://" + NAMESPACE_ADDRESS + ":7701");
        assertThat(Files.exists(dir.resolve("state/spool/li-sut.secret"))).isTrue();
        Eventually.await("li-sut to heartbeat again", PATIENCE, () -> agent(api, "li-sut"),
                found -> Instant.parse(found.get("lastSeenAt").stringValue()).isAfter(firstSeen));

        startPeer(api);
        JsonNode scenario = runTcpJob(api);
        assertThat(scenario.get("status").stringValue()).as(scenario.toString()).isEqualTo("SUCCEEDED");
        JsonNode run = json(api.get("/api/v1/runs/" + scenario.get("runId").longValue()));
        System.out.printf("the pasted agent ran TCP for 3 s against a second agent: %.3f Gbit/s%n",
                run.get("receivedBitsPerSecond").doubleValue() / 1e9);

        String unitBefore = Files.readString(Path.of(UNIT));
        Shell again = paste(block);
        assertThat(again.exit()).as("the same block, its token used: " + again.output()).isNotZero();
        assertThat(again.output()).contains("The server refused the agent jar (HTTP 401): This join token was "
                + "already used by agent 'li-sut'");
        assertThat(Files.readString(Path.of(UNIT))).isEqualTo(unitBefore);
        HttpResponse<String> usedAgain = api.send("POST", "/api/v1/agents", secret, "{\"name\": \"li-sut\", "
                + "\"url\": \"https://" + NAMESPACE_ADDRESS + ":7799\", \"testAddress\": \"" + NAMESPACE_ADDRESS + "\"}");
        assertThat(usedAgain.statusCode()).isEqualTo(401);
        assertThat(json(usedAgain).get("detail").stringValue()).contains("already used by agent 'li-sut'");

        for (Process process : started) {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            process.waitFor(20, TimeUnit.SECONDS);
        }
        Shell uninstalled = paste(unescape(between(page, "<pre class=\"command\" id=\"command-linux-uninstall\">",
                "</pre>")));
        assertThat(uninstalled.exit()).as(uninstalled.output()).isZero();
        assertThat(Path.of(UNIT)).doesNotExist();
        assertThat(dir).doesNotExist();
        assertThat(run("id", "burstline-agent").exit()).isNotZero();
    }

    @Test
    void revokedAndExpiredJoinTokensGet401WithTheReasonAndTheBlockStartsNothing() throws Exception {
        JobApiClient api = new JobApiClient("http://127.0.0.1:" + serverPort);
        Path dir = ROOT.resolve("revoked");
        var added = api.send("POST", "/api/v1/agents/join-tokens", JobApiClient.API_TOKEN, "{\"name\": "
                + "\"li-revoked\", \"serverUrl\": \"http://" + HOST_ADDRESS + ":" + serverPort
                + "\", \"linuxDirectory\": \"" + dir + "\"}");
        assertThat(added.statusCode()).as(added.body()).isEqualTo(201);
        String secret = json(added).get("secret").stringValue();
        assertThat(api.send("DELETE", "/api/v1/agents/join-tokens/" + json(added).get("token").get("id").longValue(),
                JobApiClient.API_TOKEN, null).statusCode()).isEqualTo(200);
        String expired = server.getBean(JoinTokens.class).issue("li-expired", Instant.now().minusSeconds(1), "test")
                .secret();

        HttpResponse<String> afterRevoke = enroll(api, "li-revoked", secret);
        HttpResponse<String> afterExpiry = enroll(api, "li-expired", expired);
        HttpResponse<String> download = api.send("GET", "/agent/burstline-agent.jar", secret, null);
        Shell pasted = paste(json(added).get("commands").get("linuxApt").stringValue());

        assertThat(afterRevoke.statusCode()).isEqualTo(401);
        assertThat(json(afterRevoke).get("detail").stringValue()).startsWith("This join token was revoked at");
        assertThat(afterExpiry.statusCode()).isEqualTo(401);
        assertThat(json(afterExpiry).get("detail").stringValue()).startsWith("This join token expired at");
        assertThat(download.statusCode()).isEqualTo(401);
        assertThat(pasted.exit()).as(pasted.output()).isNotZero();
        assertThat(dir.resolve("burstline-agent.jar")).doesNotExist();
        assertThat(dir.resolve("agent.args")).doesNotExist();
        assertThat(api.get("/api/v1/agents/li-revoked").statusCode()).isEqualTo(404);
    }

    /** Adds an agent on the page, as an admin would, and returns the page the form leads to. */
    private static String addAgent(SignedInBrowser admin, String name, Path dir) throws Exception {
        var posted = admin.post("/agents", "/agents/join-tokens", SignedInBrowser.form("name", name,
                "serverUrl", "http://" + HOST_ADDRESS + ":" + serverPort, "linuxDirectory", dir.toString()));
        assertThat(posted.statusCode()).isEqualTo(302);
        return admin.get("/agents").body();
    }

    /** The text pasted into bash, as the fresh user, in the fresh namespace, with nothing of this process's env. */
    private static Shell paste(String block) throws IOException, InterruptedException {
        Path home = ROOT.resolve("home");
        return runWithInput(block, "ip", "netns", "exec", NAMESPACE, "runuser", "-u", USER, "--", "env", "-i",
                "HOME=" + home, "USER=" + USER, "LOGNAME=" + USER, "SHELL=/bin/bash",
                "PATH=/usr/local/bin:/usr/bin:/bin", "bash", "--noprofile", "--norc", "-s");
    }

    /** User, Group, WorkingDirectory, Environment and ExecStart of the unit the block wrote. */
    private static Map<String, String> unit() throws IOException {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String line : Files.readAllLines(Path.of(UNIT))) {
            int equals = line.indexOf('=');
            if (equals > 0 && !line.startsWith("#")) {
                settings.putIfAbsent(line.substring(0, equals), line.substring(equals + 1));
            }
        }
        return settings;
    }

    /** As systemd would: its user and group, its directory, its environment (and HOME and USER), its ExecStart. */
    private static void startAsTheUnitWould(Map<String, String> unit) throws IOException {
        List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", NAMESPACE, "setpriv", "--reuid="
                + unit.get("User"), "--regid=" + unit.get("Group"), "--init-groups", "env", "-i",
                unit.get("Environment"), "HOME=" + unit.get("WorkingDirectory"), "USER=" + unit.get("User"),
                "PATH=/usr/local/bin:/usr/bin:/bin"));
        command.addAll(List.of(unit.get("ExecStart").split(" +")));
        Process agent = new ProcessBuilder(command).directory(Path.of(unit.get("WorkingDirectory")).toFile())
                .redirectErrorStream(true).redirectOutput(workDir.resolve("li-sut.log").toFile()).start();
        started.add(agent);
    }

    /** A second agent on this host's end of the link, enrolled with a join token of its own. */
    private static void startPeer(JobApiClient api) throws IOException {
        var added = api.send("POST", "/api/v1/agents/join-tokens", JobApiClient.API_TOKEN, "{\"name\": \"li-peer\"}");
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        AgentProcess peer = AgentProcess.startWith(List.of(), HOST_ADDRESS, port, workDir.resolve("li-peer.log"),
                List.of("--server", "http://" + HOST_ADDRESS + ":" + serverPort, "--token",
                        json(added).get("secret").stringValue(), "--name", "li-peer", "--listen",
                        HOST_ADDRESS + ":" + port, "--spool", workDir.resolve("spool-peer").toString()));
        Eventually.await("li-peer to enroll", PATIENCE, () -> agent(api, "li-peer"),
                found -> found != null && found.get("online").booleanValue());
        peers.add(peer);
    }

    private static JsonNode runTcpJob(JobApiClient api) {
        var created = api.createJob("{\"sut\": \"li-sut\", \"peer\": \"li-peer\", \"scenarios\": [{\"protocol\": "
                + "\"TCP\", \"durationSeconds\": 3, \"intervalSeconds\": 1}]}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        long jobId = json(created).get("id").longValue();
        return Eventually.await("job " + jobId + " to end", PATIENCE, () -> api.job(jobId),
                job -> !List.of("QUEUED", "RUNNING").contains(job.get("status").stringValue()))
                .get("scenarios").get(0);
    }

    private static JsonNode agent(JobApiClient api, String name) {
        var response = api.get("/api/v1/agents/" + name);
        return response.statusCode() == 200 ? json(response) : null;
    }

    private static HttpResponse<String> enroll(JobApiClient api, String name, String token) {
        return api.send("POST", "/api/v1/agents", token, "{\"name\": \"" + name + "\", \"url\": \"https://"
                + NAMESPACE_ADDRESS + ":7799\", \"testAddress\": \"" + NAMESPACE_ADDRESS + "\"}");
    }

    private static String between(String text, String start, String end) {
        int from = text.indexOf(start);
        assertThat(from).as("the page has " + start).isNotNegative();
        return text.substring(from + start.length(), text.indexOf(end, from + start.length()));
    }

    /** What a browser shows for the text Thymeleaf escaped. */
    private static String unescape(String html) {
        Matcher numeric = Pattern.compile("&#(x?)([0-9a-fA-F]+);").matcher(html);
        StringBuilder decoded = new StringBuilder();
        while (numeric.find()) {
            int code = Integer.parseInt(numeric.group(2), numeric.group(1).isEmpty() ? 10 : 16);
            numeric.appendReplacement(decoded, Matcher.quoteReplacement(Character.toString(code)));
        }
        numeric.appendTail(decoded);
        return decoded.toString().replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
                .replace("&apos;", "'").replace("&amp;", "&");
    }

    record Shell(int exit, String output) {
    }

    private static Shell run(String... command) throws IOException, InterruptedException {
        return runWithInput(null, command);
    }

    private static void ok(String... command) throws IOException, InterruptedException {
        Shell result = run(command);
        assertThat(result.exit()).as(String.join(" ", command) + ": " + result.output()).isZero();
    }

    private static Shell runWithInput(String input, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (var stdin = process.getOutputStream()) {
            if (input != null) {
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
            }
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).as(String.join(" ", command)).isTrue();
        return new Shell(process.exitValue(), output);
    }
}
