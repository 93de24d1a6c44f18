package com.burstline.server.job;

import com.burstline.agent.AgentProcess;
import com.burstline.testsupport.ServerJarProcess;
import com.burstline.testsupport.TestPorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static com.burstline.server.job.JobApiClient.PATIENCE;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A peer named by a host name that two real resolvers answer differently: the server (its own process, reading its
 * own hosts file through the JDK's {@code jdk.net.hosts.file}) resolves {@code peer.bldr.test} to the peer's test
 * address, 10.112.0.2, inside the allowed networks; the SUT's namespace ({@code ip netns exec} bind-mounts
 * {@code /etc/netns/bldr-a/hosts} over {@code /etc/hosts}) answers 10.112.1.1, an address of this host outside them,
 * where the test listens and counts who connects (split DNS, or a rebinding name). The server resolves the name once,
 * checks the address and sends the address: the SUT measures the peer and never connects to the decoy. Needs root,
 * as the lab does (scripts/lab-network.sh: namespaces bldr-a, bldr-b, 10.112.0.0/16).
 */
class PeerNameLabIT {
    private static final String LAB = "bldr";
    private static final String NET = "10.112";
    private static final String PEER_NAME = "peer.bldr.test";
    private static final String AGENT_TOKEN = "peer-name-agent-token-0123456789";

    @TempDir
    Path workDir;

    @Test
    void theSutMeasuresOnlyTheAddressTheServerChecked() throws Exception {
        int iperf3Port = TestPorts.iperf3Pool();
        List<String> decoyConnections = new CopyOnWriteArrayList<>();
        List<AutoCloseable> started = new ArrayList<>();
        try {
            lab("up");
            hostsOfNamespace("a", NET + ".1.1"); // the SUT's resolver: the decoy, an address of this host
            hostsOfNamespace("b", NET + ".0.2"); // the peer's: its own test address, where its iperf3 listens
            started.add(decoy(NET + ".1.1", iperf3Port, decoyConnections));
            Path serverHosts = workDir.resolve("server-hosts");
            Files.writeString(serverHosts, "127.0.0.1 localhost " + InetAddress.getLocalHost().getHostName() + "\n"
                    + NET + ".0.2 " + PEER_NAME + "\n");
            Files.createDirectories(workDir.resolve("data"));
            ServerJarProcess server = ServerJarProcess.start(workDir.resolve("data"),
                    List.of("-Djdk.net.hosts.file=" + serverHosts), "0.0.0.0", List.of(
                            "--burstline.agent-token=" + AGENT_TOKEN, "--burstline.agents.heartbeat-seconds=1",
                            "--burstline.jobs.iperf3-port=" + iperf3Port, "--burstline.jobs.iperf3-ports=1",
                            "--burstline.agents.allowed-networks=" + NET + ".0.0/24," + NET + ".1.2/32," + NET
                                    + ".2.2/32"));
            started.add(server);
            JobApiClient api = new JobApiClient("http://127.0.0.1:" + server.port(), ServerJarProcess.TOKEN);
            started.add(agent("name-sut", "a", 1, NET + ".0.1", server.port()));
            started.add(agent("name-peer", "b", 2, PEER_NAME, server.port()));
            for (String name : List.of("name-sut", "name-peer")) {
                Eventually.await("agent " + name + " to register", PATIENCE, () -> api.get("/api/v1/agents/" + name),
                        response -> response.statusCode() == 200
                                && JobApiClient.json(response).get("online").booleanValue());
            }

            var created = api.send("POST", "/api/v1/jobs", ServerJarProcess.TOKEN, """
                    {"sut": "name-sut", "peer": "name-peer", "scenarios": [
                      {"protocol": "TCP", "durationSeconds": 2, "intervalSeconds": 1}]}""");
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            long jobId = JobApiClient.json(created).get("id").longValue();
            JsonNode job = Eventually.await("the job to end", PATIENCE, () -> api.job(jobId),
                    ended -> !List.of("QUEUED", "RUNNING").contains(ended.get("status").stringValue()));

            assertThat(decoyConnections).as("connections to the address only the SUT's resolver gave").isEmpty();
            assertThat(job.get("status").stringValue()).as(job.toString()).isEqualTo("SUCCEEDED");
            long runId = job.get("scenarios").get(0).get("runId").longValue();
            JsonNode command = JobApiClient.json(api.get("/api/v1/runs/" + runId + "/environment")).get("command");
            assertThat(command.toString()).as("the SUT was sent the checked address, not the name")
                    .contains("\"" + NET + ".0.2\"").doesNotContain(PEER_NAME);
        } finally {
            for (int i = started.size() - 1; i >= 0; i--) {
                started.get(i).close();
            }
            lab("down");
            for (String ns : List.of("a", "b")) {
                Path dir = Path.of("/etc/netns", LAB + "-" + ns);
                Files.deleteIfExists(dir.resolve("hosts"));
                Files.deleteIfExists(dir);
            }
        }
    }

    /** What {@code ip netns exec} mounts over /etc/hosts in that namespace: the name resolves to {@code address}. */
    private static void hostsOfNamespace(String ns, String address) throws IOException {
        Path dir = Files.createDirectories(Path.of("/etc/netns", LAB + "-" + ns));
        Files.writeString(dir.resolve("hosts"), "127.0.0.1 localhost\n" + address + " " + PEER_NAME + "\n");
    }

    /** A listener on the decoy address that records every connection and closes it. */
    private static AutoCloseable decoy(String address, int port, List<String> connections) throws IOException {
        ServerSocket listener = new ServerSocket();
        listener.bind(new InetSocketAddress(address, port));
        Thread accepting = new Thread(() -> {
            while (!listener.isClosed()) {
                try (Socket connection = listener.accept()) {
                    connections.add(connection.getRemoteSocketAddress().toString());
                } catch (IOException closed) {
                    return;
                }
            }
        }, "decoy");
        accepting.setDaemon(true);
        accepting.start();
        return listener;
    }

    private AgentProcess agent(String name, String ns, int n, String testAddress, int serverPort)
            throws IOException {
        String control = NET + "." + n + ".2";
        return AgentProcess.startWith(List.of("ip", "netns", "exec", LAB + "-" + ns), control, 7701,
                workDir.resolve(name + ".log"), List.of("--server", "http://" + NET + "." + n + ".1:" + serverPort,
                        "--token", AGENT_TOKEN, "--name", name, "--listen", control + ":7701", "--tls", "off",
                        "--test-address", testAddress, "--spool", workDir.resolve("spool-" + name).toString()));
    }

    private static void lab(String action) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("scripts/lab-network.sh", action).redirectErrorStream(true);
        builder.environment().putAll(Map.of("BURSTLINE_LAB", LAB, "BURSTLINE_LAB_NET", NET));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IllegalStateException("scripts/lab-network.sh " + action + " failed (root and iproute2 are "
                    + "needed): " + output);
        }
    }
}
