package com.burstline.engine;

import com.burstline.contract.Json;
import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencySummary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The engine's request/response test on loopback, client and server in this JVM, a second each. */
class TransactionsTest {
    private static final String LOOPBACK = "127.0.0.1";

    @Test
    @Timeout(60)
    void udpTransactionsAreAnsweredAndReportedPerInterval() throws Exception {
        List<Map<String, Object>> events = test("UDP_RR", "-P", "2", "-l", "100");

        LatencySummary end = summary(events.get(events.size() - 1));
        assertThat(events.get(0).get("event")).isEqualTo("start");
        assertThat(end.protocol()).isEqualTo("UDP_RR");
        assertThat(end.flows()).isEqualTo(2);
        assertThat(end.messageBytes()).isEqualTo(100);
        assertThat(end.transactions().answered()).isPositive();
        assertThat(end.transactions().lost()).isLessThanOrEqualTo(end.transactions().answered() / 100);
        assertThat(end.transactions().p50Ms()).isPositive().isLessThanOrEqualTo(end.transactions().p99Ms());
        assertThat(end.transactions().p999Ms()).isLessThanOrEqualTo(end.transactions().maxMs());
        assertThat(end.transactionsPerSecond()).isEqualTo(end.transactions().answered() / 2.0);
        assertThat(end.clientCpuPercent()).isNotNull();
        assertThat(end.serverCpuPercent()).as("the server's CPU, from the end exchange").isNotNull();
        assertThat(end.timeoutMs()).isEqualTo(200.0);
        List<LatencySample> samples = samples(events);
        assertThat(samples).extracting(LatencySample::phase).containsExactly("omitted", "measured", "measured");
        assertThat(samples.get(1).roundTrip().answered() + samples.get(2).roundTrip().answered())
                .isEqualTo(end.transactions().answered());
    }

    @Test
    @Timeout(60)
    void tcpTransactionsLoseNothingAndHaveNoTimeout() throws Exception {
        List<Map<String, Object>> events = test("TCP_RR", "-l", "1000");

        LatencySummary end = summary(events.get(events.size() - 1));
        assertThat(end.protocol()).isEqualTo("TCP_RR");
        assertThat(end.transactions().answered()).isPositive();
        assertThat(end.transactions().lost()).isZero();
        assertThat(end.timeoutMs()).isNull();
    }

    /**
     * A peer that takes the test and then answers no request (as one paused with SIGSTOP): each flow counts a lost
     * transaction every timeout, and the test ends when its time is up.
     */
    @Test
    @Timeout(60)
    void aPeerThatStopsAnsweringCostsLostTransactionsNotTheEnd() throws Exception {
        try (ServerSocket control = new ServerSocket(0, 1, InetAddress.getByName(LOOPBACK));
             DatagramSocket silent = new DatagramSocket(new InetSocketAddress(LOOPBACK, control.getLocalPort()))) {
            Thread peer = new Thread(() -> takeTheTestAndAnswerNothing(control));
            peer.start();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int exit = TransactionCli.run(List.of("-c", LOOPBACK, "-p", Integer.toString(control.getLocalPort()),
                    "-t", "2", "-P", "2"), new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
            peer.join();

            List<Map<String, Object>> events = lines(out);
            LatencySummary end = summary(events.get(events.size() - 1));
            assertThat(exit).isZero();
            assertThat(end.transactions().answered()).isZero();
            // two flows, a timeout of 200 ms, two seconds: about 20, whatever the scheduling did
            assertThat(end.transactions().lost()).isBetween(6L, 22L);
            assertThat(end.transactions().p50Ms()).isNull();
            assertThat(silent.isBound()).isTrue();
        }
    }

    @Test
    void badArgumentsExitOneWithTheUsage() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int exit = TransactionCli.run(List.of("-c", LOOPBACK, "-l", "8"), System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(exit).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("-l must be between 16 and 65000, not 8",
                "Usage: java -jar burstline-agent.jar rr");
    }

    /** Says ready, answers the end exchange; never a request. */
    private static void takeTheTestAndAnswerNothing(ServerSocket control) {
        try (Socket socket = control.accept()) {
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.UTF_8));
            OutputStream out = socket.getOutputStream();
            in.readLine();
            out.write("{\"ready\":true}\n".getBytes(StandardCharsets.UTF_8));
            in.readLine();
            out.write("{\"cpuPercent\":0.5,\"served\":0}\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** One test against a real server: 1 s omitted, 2 s measured. */
    private static List<Map<String, Object>> test(String protocol, String... options) throws Exception {
        try (TransactionServer server = new TransactionServer(0, LOOPBACK)) {
            Thread serving = new Thread(() -> {
                try {
                    server.serve(true, System.err);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            serving.start();
            List<String> args = new ArrayList<>(List.of("-c", LOOPBACK, "-p", Integer.toString(server.port()),
                    "--protocol", protocol, "-t", "2", "-O", "1"));
            args.addAll(List.of(options));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int exit = TransactionCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
            serving.join();
            assertThat(exit).as(out.toString(StandardCharsets.UTF_8)).isZero();
            return lines(out);
        }
    }

    private static List<Map<String, Object>> lines(ByteArrayOutputStream out) {
        return out.toString(StandardCharsets.UTF_8).lines().map(Json::parseObject).toList();
    }

    @SuppressWarnings("unchecked")
    private static LatencySummary summary(Map<String, Object> event) {
        assertThat(event.get("event")).isEqualTo("end");
        return LatencySummary.fromJson((Map<String, Object>) ((Map<String, Object>) event.get("data")).get("summary"));
    }

    @SuppressWarnings("unchecked")
    private static List<LatencySample> samples(List<Map<String, Object>> events) {
        return events.stream().filter(event -> "interval".equals(event.get("event")))
                .map(event -> LatencySample.fromJson((Map<String, Object>) ((Map<String, Object>) event.get("data"))
                        .get("sample"))).toList();
    }
}
