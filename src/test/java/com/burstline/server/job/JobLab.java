package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import com.burstline.server.fleet.AgentsTls;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static com.burstline.server.job.JobApiClient.AGENT_TOKEN;
import static com.burstline.server.job.JobApiClient.json;

/**
 * A lab for job tests across a real network: scripts/lab-network.sh's two namespaces {@code <lab>-a} and
 * {@code <lab>-b} joined by a veth shaped to 5 Gbit/s (a stand-in for two t4g.large), an agent process in each
 * (lab-a the SUT, lab-b the peer, test traffic on {@code <net>.0.0/24}), and a server here in the host namespace that
 * reaches them over the control links. Each test names its own lab and subnet. Needs root, as CI is.
 */
final class JobLab implements AutoCloseable {
    private static final Duration PATIENCE = Duration.ofMinutes(4);

    private final String lab;
    private final String net;
    private final List<String> agentOptions;
    private final List<AgentProcess> agents = new ArrayList<>();
    private ConfigurableApplicationContext server;
    private JobApiClient api;

    private JobLab(String lab, String net, List<String> agentOptions) {
        this.lab = lab;
        this.net = net;
        this.agentOptions = List.copyOf(agentOptions);
    }

    static JobLab start(String lab, String net, Path workDir) throws Exception {
        return start(lab, net, workDir, List.of());
    }

    /** As {@link #start(String, String, Path)}, both agents started with {@code agentOptions} too. */
    static JobLab start(String lab, String net, Path workDir, List<String> agentOptions) throws Exception {
        JobLab started = new JobLab(lab, net, agentOptions);
        started.network("up");
        try {
            started.server = JobApiClient.startServer(0, workDir.resolve("data"));
            int port = ((WebServerApplicationContext) started.server).getWebServer().getPort();
            started.api = new JobApiClient("http://127.0.0.1:" + port);
            // the agents speak to the server's HTTPS listener for agents and pin its certificate, as installed ones do
            AgentsTls tls = started.server.getBean(AgentsTls.class);
            started.agents.add(started.startAgent("lab-a", 1, tls, workDir));
            started.agents.add(started.startAgent("lab-b", 2, tls, workDir));
            for (String name : List.of("lab-a", "lab-b")) {
                Eventually.await("agent " + name + " to register", PATIENCE,
                        () -> started.api.get("/api/v1/agents/" + name),
                        response -> response.statusCode() == 200 && json(response).get("online").booleanValue());
            }
        } catch (Exception | AssertionError e) {
            started.close();
            throw e;
        }
        return started;
    }

    JobApiClient api() {
        return api;
    }

    String base() {
        return "http://127.0.0.1:" + ((WebServerApplicationContext) server).getWebServer().getPort();
    }

    /** The veth interface in lab-a's namespace that the test traffic leaves and enters through. */
    String sutLink() {
        return lab + "-ta";
    }

    /** The veth interface in lab-b's namespace. */
    String peerLink() {
        return lab + "-tb";
    }

    /** Sets the root qdisc of the test link's end in lab-a ({@code sut}) or lab-b: tbf with these settings. */
    void shape(boolean sut, String... tbf) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tc", "-n", lab + (sut ? "-a" : "-b"), "qdisc", "replace",
                "dev", sut ? sutLink() : peerLink(), "root", "tbf"));
        command.addAll(List.of(tbf));
        run(command, Map.of());
    }

    /** Takes the shaper off the test link's end in lab-a ({@code sut}) or lab-b: the bare veth. */
    void unshape(boolean sut) throws IOException, InterruptedException {
        run(List.of("tc", "-n", lab + (sut ? "-a" : "-b"), "qdisc", "del", "dev", sut ? sutLink() : peerLink(),
                "root"), Map.of());
    }

    /** The agent process of lab-a (0) or lab-b (1). */
    AgentProcess agent(int index) {
        return agents.get(index);
    }

    /** Changes the rate of lab-a's shaper (its upload's way out), as a burst allowance running out would. */
    void shapeSutUpload(String rate) throws IOException, InterruptedException {
        run(List.of("tc", "-n", lab + "-a", "qdisc", "change", "dev", sutLink(), "root", "tbf", "rate", rate,
                "burst", "1mb", "latency", "50ms"), Map.of());
    }

    /**
     * Drops what lab-a sends above {@code rate} on its way out instead of holding it back: a shaper whose queue holds
     * 30 kB, less than a UDP socket's send buffer, drops the excess rather than slowing the sender (the kernel counts
     * it as the sending host's SndbufErrors, never as the receiver's). The lab's stand-in for a path that drops.
     */
    void dropSutUploadAbove(String rate) throws IOException, InterruptedException {
        run(List.of("tc", "-n", lab + "-a", "qdisc", "change", "dev", sutLink(), "root", "tbf", "rate", rate,
                "burst", "15k", "limit", "30000"), Map.of());
    }

    /**
     * Pins the peer's agent (and so the iperf3 servers it starts) to CPU 0 beside a busy loop on that core, so its
     * receiver gets half a core and falls behind; closing it stops the loop and frees the agent again.
     */
    AutoCloseable busyPeerCore() throws IOException, InterruptedException {
        String agent = javaIn(lab + "-b");
        run(List.of("taskset", "-a", "-p", "-c", "0", agent), Map.of());
        Process loop = new ProcessBuilder("ip", "netns", "exec", lab + "-b", "taskset", "-c", "0", "sh", "-c",
                "while :; do :; done").redirectErrorStream(true).start();
        return () -> {
            loop.destroyForcibly().waitFor();
            run(List.of("taskset", "-a", "-p", "-c", "0-" + (Runtime.getRuntime().availableProcessors() - 1),
                    agent), Map.of());
        };
    }

    /**
     * Gives every thread of the peer's agent (and so the iperf3 servers it starts from now on) nice -20: on two shared
     * cores a receiving iperf3 at normal priority falls behind other work for a few milliseconds, longer than a UDP
     * socket's 208 kB buffer lasts (measured here: 0–6% lost at 200 Mbit/s, all counted in the receiver's
     * RcvbufErrors; none at nice -20). Closing it sets them back to 0.
     */
    AutoCloseable prioritisedPeer() throws IOException, InterruptedException {
        String agent = javaIn(lab + "-b");
        renice(agent, "-20");
        return () -> renice(agent, "0");
    }

    /** Each thread of the process: renice sets one thread's priority, and a thread's children inherit it. */
    private static void renice(String pid, String nice) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("renice", "-n", nice, "-p"));
        try (var tasks = java.nio.file.Files.list(java.nio.file.Path.of("/proc", pid, "task"))) {
            tasks.forEach(task -> command.add(task.getFileName().toString()));
        }
        // a thread that ended between the listing and renice is no failure: the rest are set
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start()
                .waitFor();
    }

    /** The pid of the agent's JVM in the namespace. */
    private static String javaIn(String namespace) throws IOException, InterruptedException {
        Process pids = new ProcessBuilder("ip", "netns", "pids", namespace).start();
        String all = new String(pids.getInputStream().readAllBytes());
        pids.waitFor();
        for (String pid : all.strip().split("\n")) {
            java.nio.file.Path comm = java.nio.file.Path.of("/proc", pid.strip(), "comm");
            if (!pid.isBlank() && java.nio.file.Files.exists(comm)
                    && java.nio.file.Files.readString(comm).strip().equals("java")) {
                return pid.strip();
            }
        }
        throw new IllegalStateException("no agent JVM runs in " + namespace);
    }

    /** Sets the MTU of both ends of the test link, as a host's configuration would differ between two runs. */
    void setTestLinkMtu(int mtu) throws IOException, InterruptedException {
        run(List.of("ip", "-n", lab + "-a", "link", "set", sutLink(), "mtu", String.valueOf(mtu)), Map.of());
        run(List.of("ip", "-n", lab + "-b", "link", "set", lab + "-tb", "mtu", String.valueOf(mtu)), Map.of());
    }

    /** A file as {@code cat} reads it inside lab-a's ({@code a}) or lab-b's namespace, stripped. */
    String catInNamespace(String side, String file) throws IOException, InterruptedException {
        Process cat = new ProcessBuilder("ip", "netns", "exec", lab + "-" + side, "cat", file).start();
        String text = new String(cat.getInputStream().readAllBytes()).strip();
        cat.waitFor();
        return text;
    }

    @Override
    public void close() throws Exception {
        try {
            for (AgentProcess agent : agents) {
                agent.close();
            }
            if (server != null) {
                server.close();
            }
        } finally {
            network("down");
        }
    }

    /** Agent a lives in {@code <lab>-a} (control n=1), b in {@code <lab>-b} (n=2). */
    private AgentProcess startAgent(String name, int n, AgentsTls tls, Path workDir)
            throws IOException {
        String controlAddress = net + "." + n + ".2";
        int agentPort = 7701;
        List<String> options = new ArrayList<>(List.of(
                "--server", "https://" + net + "." + n + ".1:" + tls.port(), "--server-fingerprint", tls.fingerprint(),
                "--token", AGENT_TOKEN,
                "--name", name, "--listen", controlAddress + ":" + agentPort,
                "--test-address", net + ".0." + n, "--instance-type", "t4g.large",
                "--spool", workDir.resolve("spool-" + name).toString()));
        options.addAll(agentOptions);
        return AgentProcess.startWith(List.of("ip", "netns", "exec", lab + (n == 1 ? "-a" : "-b")), controlAddress,
                agentPort, workDir.resolve(name + ".log"), options);
    }

    private void network(String action) throws IOException, InterruptedException {
        run(List.of("scripts/lab-network.sh", action), Map.of("BURSTLINE_LAB", lab, "BURSTLINE_LAB_NET", net));
    }

    /** The output is kept and shown only on failure: a forked test JVM's stdout is Surefire's channel. */
    private static void run(List<String> command, Map<String, String> environment)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        int exit = process.waitFor();
        if (exit != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed with exit code " + exit
                    + " (it needs root and iproute2; scripts/test.sh installs iproute2): " + output);
        }
    }
}
