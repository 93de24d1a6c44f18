package com.burstline.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar burstline-agent.jar --server URL --token TOKEN --name NAME [...]}; see {@code --help}. Exits 1
 * for bad arguments and 2 when the agent cannot start (its port is taken, iperf3 is missing), each with a message;
 * a server that cannot be reached yet is no reason to exit: the agent retries until it registers. With
 * {@code iperf3 ...} as its arguments it runs the native engine's iperf3-like command line instead, with
 * {@code rr ...} its request/response test.
 */
public final class AgentMain {
    static final int BAD_ARGUMENTS = 1;
    static final int CANNOT_START = 2;
    /** The first argument that runs the engine's request/response test ({@code rr -s}, {@code rr -c HOST}). */
    static final String REQUEST_RESPONSE = "rr";

    private AgentMain() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.util.logging.SimpleFormatter.format", "%1$tFT%1$tT %4$s %5$s%6$s%n");
        List<String> arguments = Arrays.asList(args);
        if (!arguments.isEmpty() && arguments.get(0).equals("iperf3")) {
            System.exit(com.burstline.engine.EngineCli.run(arguments.subList(1, arguments.size()), System.out,
                    System.err));
        }
        if (!arguments.isEmpty() && arguments.get(0).equals(REQUEST_RESPONSE)) {
            System.exit(com.burstline.engine.TransactionCli.run(arguments.subList(1, arguments.size()), System.out,
                    System.err));
        }
        if (arguments.contains("--help") || arguments.contains("-h")) {
            System.out.print(AgentSettings.usage());
            return;
        }
        AgentSettings settings;
        try {
            settings = AgentSettings.parse(arguments, System.getenv());
        } catch (IllegalArgumentException wrong) {
            System.err.println("burstline-agent: " + wrong.getMessage());
            System.err.println();
            System.err.print(AgentSettings.usage());
            System.exit(BAD_ARGUMENTS);
            return;
        }
        if (settings.log() != null) {
            AgentLog.redirect(settings.log());
        }
        AgentDaemon agent;
        try {
            agent = AgentDaemon.start(settings);
        } catch (IOException | UncheckedIOException | IllegalArgumentException cannotStart) {
            System.err.println("burstline-agent: cannot start: " + startFailure(settings, cannotStart));
            System.exit(CANNOT_START);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            agent.close();
            stopped.countDown();
        }, "agent-shutdown"));
        stopped.await();
    }

    /** "--listen 127.0.0.1:7701 is taken (Address already in use)" rather than a bare "Address already in use". */
    private static String startFailure(AgentSettings settings, Exception cannotStart) {
        if (cannotStart instanceof BindException) {
            return "--listen " + settings.listen().getHostString() + ":" + settings.listen().getPort()
                    + " cannot be used (" + cannotStart.getMessage() + "); is another agent running there?";
        }
        return cannotStart.getMessage();
    }
}
