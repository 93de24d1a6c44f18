package com.burstline.engine;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Map;

/** One test on the server side, from the client's cookie to IPERF_DONE. */
final class ServerSession {
    private static final int STEP_TIMEOUT_MILLIS = 10_000;
    private static final long IDLE_LIMIT_NANOS = 120_000_000_000L;
    private final Control control;
    private final InetSocketAddress peer;
    private final ServerStreams streams;
    private final ServerOptions options;
    private final Output output;
    private volatile boolean finished;

    ServerSession(SocketChannel connection, ServerSocketChannel listener, ServerOptions options, Output output)
            throws IOException {
        this.peer = (InetSocketAddress) connection.getRemoteAddress();
        this.control = new Control(connection.socket(), StartObject.host(peer) + " port " + peer.getPort());
        this.streams = new ServerStreams(listener, options.port() == 0 ? listener.socket().getLocalPort()
                : options.port());
        this.options = options;
        this.output = output;
    }

    boolean finished() {
        return finished;
    }

    boolean offerStream(SocketChannel connection) {
        return streams.offer(connection);
    }

    void abort() {
        control.close();
        streams.close();
    }

    void run() {
        TestRun run = null;
        Reporter reporter = null;
        try (control) {
            byte[] cookie = control.readBytes(Wire.COOKIE_SIZE, STEP_TIMEOUT_MILLIS, "cookie");
            control.writeState(Wire.PARAM_EXCHANGE);
            run = new TestRun(TestParams.fromJson(control.readJson(Wire.MAX_PARAMS_JSON, STEP_TIMEOUT_MILLIS,
                    "the parameters message")), false);
            Warmup.beforeStreams(run.params, peer, false);
            streams.open(run, cookie, control);
            control.writeState(Wire.TEST_START);
            control.writeState(Wire.TEST_RUNNING);
            Cpu cpu = new Cpu();
            run.begin();
            reporter = new Reporter(run, options.interval(), output);
            output.start(StartObject.start(run, Wire.cookieText(cookie), peer, options.interval()));
            reporter.start();
            streams.startAll();
            awaitTestEnd(run);
            run.end();
            reporter.stop();
            streams.close();
            exchangeResults(run, reporter, cpu);
        } catch (EngineException e) {
            output.error(e.getMessage());
        } finally {
            if (run != null) {
                run.end();
            }
            if (reporter != null) {
                reporter.stop();
            }
            streams.close();
            finished = true;
            output.done();
        }
    }

    /** Waits for TEST_END, bounded by iperf3's safety timer (time + omit + 40 s) or by idle data streams. */
    private void awaitTestEnd(TestRun run) {
        long deadline = run.params.time() > 0
                ? run.startNanos() + (run.params.time() + run.params.omit() + 40L) * 1_000_000_000L : Long.MAX_VALUE;
        long lastBytes = -1;
        long lastChange = System.nanoTime();
        while (true) {
            Integer state = control.pollState(1000);
            long now = System.nanoTime();
            if (state != null) {
                switch (state) {
                    case Wire.TEST_END -> {
                        return;
                    }
                    case Wire.CLIENT_TERMINATE -> throw new EngineException("the client has terminated the test");
                    default -> throw new EngineException("the client sent " + Wire.stateName(state)
                            + " during the test");
                }
            }
            if (run.failure() != null) {
                throw new EngineException(run.failure());
            }
            long bytes = run.streams.stream().mapToLong(s -> s.counters.bytes()).sum();
            if (bytes != lastBytes) {
                lastBytes = bytes;
                lastChange = now;
            }
            if (now > deadline || now - lastChange > IDLE_LIMIT_NANOS) {
                throw new EngineException("the client sent no TEST_END in time; the test is ended");
            }
        }
    }

    private void exchangeResults(TestRun run, Reporter reporter, Cpu cpu) {
        control.writeState(Wire.EXCHANGE_RESULTS);
        Results.Peer peerResults = Results.fromJson(control.readJson(Wire.MAX_RESULTS_JSON, STEP_TIMEOUT_MILLIS,
                "the client's results"), run.streams);
        Map<Integer, Results.StreamResult> local = Results.local(run, reporter);
        Cpu.Usage usage = cpu.usage();
        // The end is known once the client's results are in; a client with --get-server-output gets it too.
        output.end(new EndSummary(run, local, peerResults).build(usage));
        Map<String, Object> results = Results.toJson(run.streams, List.copyOf(local.values()), usage);
        if (run.params.serverOutput()) {
            results.putAll(output.reportForClient());
        }
        control.writeJson(results);
        control.writeState(Wire.DISPLAY_RESULTS);
        try {
            int done = control.readState(STEP_TIMEOUT_MILLIS);
            if (done != Wire.IPERF_DONE) {
                throw new EngineException("the client sent " + Wire.stateName(done) + " instead of IPERF_DONE");
            }
        } catch (EngineException closedWithoutDone) {
            // The figures are complete; a client that hangs up without IPERF_DONE loses nothing.
        }
    }
}
