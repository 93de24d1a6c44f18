package com.burstline.engine;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The iperf3-like command line: its answers to bad arguments, and its text output, as a user reads them. */
class EngineCliTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return EngineCli.run(List.of(args), print(out), print(err));
    }

    private static PrintStream print(ByteArrayOutputStream sink) {
        return new PrintStream(sink, true, StandardCharsets.UTF_8);
    }

    private static String text(ByteArrayOutputStream sink) {
        return sink.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aBadArgumentGetsIperf3sParameterErrorAndTheUsage() {
        assertThat(run("-c", "127.0.0.1", "-P", "200")).isEqualTo(1);
        assertThat(text(err)).contains("iperf3: parameter error - -P must be 1 to 128, not 200", "Usage:");
        assertThat(run("-s", "-c", "127.0.0.1")).isEqualTo(1);
        assertThat(run("--help")).isZero();
        assertThat(text(out)).contains("--get-server-output");
    }

    @Test
    void aTextRunReadsLikeIperf3sOmittedIntervalsMarked() throws Exception {
        ServerRun server = serve(false);
        assertThat(run("-c", "127.0.0.1", "-p", String.valueOf(server.port), "-t", "2", "-O", "1", "-P", "2"))
                .isZero();
        server.thread.join(10_000);

        assertThat(text(out)).contains("Connecting to host 127.0.0.1", "(omitted)", "[SUM]", "  sender", "  receiver",
                "CPU Utilization", "iperf Done.");
        assertThat(text(server.out)).contains("Server listening on " + server.port, "Accepted connection from");
    }

    @Test
    void udpRowsCarryJitterAndLossInTheEndSectionToo() throws Exception {
        ServerRun server = serve(false);
        assertThat(run("-c", "127.0.0.1", "-p", String.valueOf(server.port), "-u", "-b", "10M", "-t", "1")).isZero();
        server.thread.join(10_000);

        String[] sections = text(out).split("- - - - -", 2);
        assertThat(sections).hasSize(2);
        assertThat(sections[1]).contains("Jitter    Lost/Total Datagrams").containsPattern(" ms  \\d+/\\d+ \\(");
    }

    @Test
    void aJsonServerKeepsStdoutForTheJsonAndSaysOnStderrThatItListens() throws Exception {
        ServerRun server = serve(true);
        assertThat(run("-c", "127.0.0.1", "-p", String.valueOf(server.port), "-t", "1", "-J")).isZero();
        server.thread.join(10_000);

        assertThat(text(server.err)).contains("Server listening on " + server.port);
        assertThat(text(server.out)).startsWith("{").doesNotContain("Server listening");
    }

    /** The agent's server role listens on its test address only: TCP control and UDP streams alike. */
    @Test
    void aServerBoundWithDashBIsReachedThereAndNowhereElse() throws Exception {
        ServerRun server = serve(false, "-B", "127.0.0.2");

        assertThatThrownBy(() -> new Socket("127.0.0.1", server.port).close()).isInstanceOf(ConnectException.class);
        assertThat(run("-c", "127.0.0.2", "-p", String.valueOf(server.port), "-u", "-b", "10M", "-t", "1"))
                .as(text(err)).isZero();
        server.thread.join(10_000);
        assertThat(text(out)).contains("Connecting to host 127.0.0.2").containsPattern(" ms  \\d+/\\d+ \\(");
        assertThat(run("-c", "127.0.0.1", "-B", "127.0.0.1")).isEqualTo(1);
        assertThat(text(err)).contains("-B is taken by the server (-s) only");
    }

    /** An engine server for one test on a free port, in the background, with its own stdout and stderr. */
    private record ServerRun(int port, Thread thread, ByteArrayOutputStream out, ByteArrayOutputStream err) {
    }

    private static ServerRun serve(boolean json, String... extra) throws IOException, InterruptedException {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        ByteArrayOutputStream serverOut = new ByteArrayOutputStream();
        ByteArrayOutputStream serverErr = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(List.of("-s", "-1", "-p", String.valueOf(port)));
        args.addAll(List.of(extra));
        if (json) {
            args.add("-J");
        }
        Thread thread = new Thread(() -> EngineCli.run(args, print(serverOut), print(serverErr)));
        thread.start();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!text(json ? serverErr : serverOut).contains("Server listening")) {
            assertThat(System.nanoTime()).as("the server says it listens within 10 s").isLessThan(deadline);
            Thread.sleep(20);
        }
        return new ServerRun(port, thread, serverOut, serverErr);
    }
}
