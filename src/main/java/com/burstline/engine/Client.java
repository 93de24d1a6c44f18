package com.burstline.engine;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The iperf3 client role: connects, sends the parameters, opens the streams, runs the test until its time, byte or
 * block limit, exchanges results and reports to an {@link Output}. Every wait is bounded.
 */
public final class Client {
    private static final int STEP_TIMEOUT_MILLIS = 30_000;
    private final ClientOptions options;
    private final Output output;

    public Client(ClientOptions options, Output output) {
        this.options = options;
        this.output = output;
    }

    /** Runs one test; the report goes to the output, and a failure both there and as the exception. */
    public void run() {
        try {
            runTest();
        } catch (EngineException e) {
            output.error(e.getMessage());
            throw e;
        } finally {
            output.done();
        }
    }

    private void runTest() {
        InetSocketAddress server = new InetSocketAddress(options.host(), options.port());
        if (server.isUnresolved()) {
            throw new EngineException("unable to resolve host " + options.host());
        }
        byte[] cookie = Wire.newCookie();
        TestRun run = new TestRun(options.params(), true);
        try (Control control = connect(server)) {
            control.write(cookie);
            expect(control, Wire.PARAM_EXCHANGE);
            control.writeJson(options.params().toJson());
            expect(control, Wire.CREATE_STREAMS);
            Warmup.beforeStreams(options.params(), server, true);
            ClientStreams streams = new ClientStreams(run, server, cookie, options.connectTimeoutMillis());
            Reporter reporter = new Reporter(run, options.interval(), output);
            try {
                streams.open();
                expect(control, Wire.TEST_START);
                expect(control, Wire.TEST_RUNNING);
                Cpu cpu = new Cpu();
                run.begin();
                output.start(StartObject.start(run, Wire.cookieText(cookie), server, options.interval()));
                reporter.start();
                streams.startAll();
                finish(control, run, reporter, cpu);
            } finally {
                run.end();
                reporter.stop();
                run.closeStreams();
            }
        }
    }

    private Control connect(InetSocketAddress server) {
        Socket socket = new Socket();
        try {
            socket.connect(server, options.connectTimeoutMillis());
            return new Control(socket, server.getHostString() + " port " + server.getPort());
        } catch (IOException e) {
            ClientStreams.closeQuietly(socket);
            throw new EngineException("unable to connect to server " + server.getHostString() + " port "
                    + server.getPort() + ": " + e.getMessage(), e);
        }
    }

    /** Waits for the end of the test while watching the control connection, then does the results exchange. */
    private void finish(Control control, TestRun run, Reporter reporter, Cpu cpu) {
        CountDownLatch exchange = new CountDownLatch(1);
        Thread watcher = watch(control, run, exchange);
        try {
            while (!run.awaitDone(1000)) {
                // the reporter, a limit or the watcher ends the wait
            }
            String failure = run.failure();
            run.end();
            if (failure != null) {
                reporter.stop();
                throw new EngineException(failure);
            }
            // TEST_END goes out the moment this side stops counting, as iperf3's client does: until it arrives the
            // peer goes on counting what it sends, so any delay here (the last interval's report on a loaded host)
            // would show up as bytes "sent but not received".
            control.writeState(Wire.TEST_END);
            reporter.stop();
            // Receivers keep draining until EXCHANGE_RESULTS, or the server could block on a full socket buffer.
            if (!exchange.await(STEP_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
                throw new EngineException(run.failure() != null ? run.failure()
                        : "the server did not start the results exchange within 30 s");
            }
            if (run.failure() != null) {
                throw new EngineException(run.failure());
            }
            exchangeResults(control, run, reporter, cpu);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted");
        } finally {
            control.close();
            join(watcher);
        }
    }

    private void exchangeResults(Control control, TestRun run, Reporter reporter, Cpu cpu) {
        Map<Integer, Results.StreamResult> local = Results.local(run, reporter);
        Cpu.Usage usage = cpu.usage();
        control.writeJson(Results.toJson(run.streams, List.copyOf(local.values()), usage));
        Results.Peer peer = Results.fromJson(control.readJson(Wire.MAX_RESULTS_JSON, STEP_TIMEOUT_MILLIS,
                "the server's results"), run.streams);
        expect(control, Wire.DISPLAY_RESULTS);
        run.closeStreams();
        control.writeState(Wire.IPERF_DONE);
        peer.serverOutput().forEach(output::serverOutput);
        output.end(new EndSummary(run, local, peer).build(usage));
    }

    /** Reads the control connection while the test runs: the only byte expected is EXCHANGE_RESULTS. */
    private Thread watch(Control control, TestRun run, CountDownLatch exchange) {
        long limit = (run.params.time() + run.params.omit() + 60L) * 1000;
        Thread watcher = new Thread(() -> {
            try {
                int state = control.readState((int) Math.min(Integer.MAX_VALUE, limit > 60_000 ? limit : 3_600_000));
                if (state == Wire.EXCHANGE_RESULTS) {
                    exchange.countDown();
                    return;
                }
                run.fail(unexpected(control, state, "EXCHANGE_RESULTS"));
            } catch (EngineException e) {
                run.fail(e.getMessage());
            }
            exchange.countDown();
        }, "engine-control");
        watcher.setDaemon(true);
        watcher.start();
        return watcher;
    }

    private static void expect(Control control, int wanted) {
        int state = control.readState(STEP_TIMEOUT_MILLIS);
        if (state != wanted) {
            throw new EngineException(unexpected(control, state, Wire.stateName(wanted)));
        }
    }

    private static String unexpected(Control control, int state, String wanted) {
        return switch (state) {
            case Wire.ACCESS_DENIED -> "the server is busy running a test. try again later";
            case Wire.SERVER_ERROR -> ServerErrors.describe(control.readInt(5000), control.readInt(5000));
            case Wire.SERVER_TERMINATE -> "the server has terminated";
            default -> "the server sent " + Wire.stateName(state) + " where " + wanted + " was expected";
        };
    }

    private static void join(Thread thread) {
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
