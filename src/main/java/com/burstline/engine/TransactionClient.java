package com.burstline.engine;

import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencySummary;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The client of a request/response test ({@code rr -c}): says hello on the control connection, runs its flows for
 * omit + duration, reports each interval, and ends with the server's CPU. The test ends on time whatever the peer
 * does: the flows stop at the deadline, and the end exchange waits at most {@link #END_TIMEOUT_MILLIS} (the server's
 * CPU is then unknown).
 */
final class TransactionClient {
    static final int END_TIMEOUT_MILLIS = 5_000;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final TransactionArguments args;
    private final TransactionOutput output;

    TransactionClient(TransactionArguments args, TransactionOutput output) {
        this.args = args;
        this.output = output;
    }

    void run() throws IOException, InterruptedException {
        InetSocketAddress server = new InetSocketAddress(args.host(), args.port());
        if (server.isUnresolved()) {
            throw new EngineException("cannot resolve " + args.host());
        }
        long cookie = RANDOM.nextLong();
        Socket socket = new Socket();
        try {
            socket.connect(server, TransactionServer.HELLO_TIMEOUT_MILLIS);
        } catch (IOException refused) {
            socket.close();
            throw new EngineException("unable to connect to " + args.host() + " port " + args.port() + ": "
                    + refused.getMessage(), refused);
        }
        try (TransactionControl control = new TransactionControl(socket)) {
            control.send(hello(cookie));
            control.receive(TransactionServer.HELLO_TIMEOUT_MILLIS, "ready");
            LatencyRecorder recorder = new LatencyRecorder();
            TransactionFlows flows = args.udp()
                    ? new UdpTransactions(server, cookie, args.messageBytes(), args.flows(), recorder)
                    : TcpTransactions.connect(server, cookie, args.messageBytes(), args.flows(), recorder);
            output.start(start(server, flows));
            Cpu cpu = new Cpu();
            flows.start();
            double measured;
            try {
                measured = report(recorder, flows, cpu);
            } finally {
                flows.stop();
            }
            Double serverCpu = serverCpu(control);
            output.end(summary(recorder, flows, measured, cpu.usage().total(), serverCpu));
        }
    }

    /** Interval by interval until omit + duration: the omitted ones first, then the counted ones. */
    private double report(LatencyRecorder recorder, TransactionFlows flows, Cpu cpu) throws InterruptedException {
        long origin = System.nanoTime();
        double at = 0;
        double omit = args.omitSeconds();
        double end = omit + args.durationSeconds();
        while (at < end) {
            double next = Math.min(at + args.intervalSeconds(), at < omit ? omit : end);
            sleepUntil(origin + (long) (next * 1e9));
            boolean counted = at >= omit;
            LatencySample sample = new LatencySample(at, next, counted ? LatencySample.MEASURED
                    : LatencySample.OMITTED, recorder.takeInterval(counted));
            double measured = Math.max(0, next - omit);
            output.interval(sample, summary(recorder, flows, measured, cpu.usage().total(), null));
            at = next;
        }
        return args.durationSeconds();
    }

    private LatencySummary summary(LatencyRecorder recorder, TransactionFlows flows, double measured,
                                   double clientCpu, Double serverCpu) {
        return new LatencySummary(LatencySummary.REQUEST_RESPONSE, args.protocol(), args.messageBytes(),
                args.flows(), null, null, flows.timeoutMs(), measured, null, null, recorder.total(), null, null,
                measured > 0 ? recorder.totalAnswered() / measured : null, clientCpu, serverCpu);
    }

    /** The server's CPU from the end exchange; null when it did not answer in time (a peer that stopped). */
    private static Double serverCpu(TransactionControl control) {
        try {
            control.send(Map.of("end", true));
            Object cpu = control.receive(END_TIMEOUT_MILLIS, "end").get("cpuPercent");
            return cpu instanceof Number number && number.doubleValue() >= 0 ? number.doubleValue() : null;
        } catch (IOException | EngineException noAnswer) {
            return null;
        }
    }

    private Map<String, Object> hello(long cookie) {
        Map<String, Object> hello = new LinkedHashMap<>();
        hello.put("rr", TransactionControl.VERSION);
        hello.put("protocol", args.protocol());
        hello.put("messageBytes", args.messageBytes());
        hello.put("flows", args.flows());
        hello.put("cookie", cookie);
        return hello;
    }

    private Map<String, Object> start(InetSocketAddress server, TransactionFlows flows) {
        Map<String, Object> start = new LinkedHashMap<>();
        start.put("version", StartObject.version());
        start.put("timestamp", Instant.now().toString());
        start.put("host", StartObject.host(server));
        start.put("port", args.port());
        start.put("protocol", args.protocol());
        start.put("messageBytes", args.messageBytes());
        start.put("flows", args.flows());
        start.put("durationSeconds", args.durationSeconds());
        start.put("omitSeconds", args.omitSeconds());
        start.put("intervalSeconds", args.intervalSeconds());
        start.put("timeoutMs", flows.timeoutMs());
        return start;
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
        long left = nanos - System.nanoTime();
        if (left > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }
}
