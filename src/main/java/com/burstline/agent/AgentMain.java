package com.burstline.agent;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar burstline-agent.jar --server URL --token TOKEN --name NAME [...]}; see {@code --help}. With
 * {@code iperf3 ...} as its arguments it runs the native engine's iperf3-like command line instead.
 */
public final class AgentMain {
    private AgentMain() {
    }

    public static void main(String[] args) throws Exception {
        System.setProperty("java.util.logging.SimpleFormatter.format", "%1$tFT%1$tT %4$s %5$s%6$s%n");
        List<String> arguments = Arrays.asList(args);
        if (!arguments.isEmpty() && arguments.get(0).equals("iperf3")) {
            System.exit(com.burstline.engine.Iperf3Command.run(arguments.subList(1, arguments.size()), System.out,
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
            System.exit(1);
            return;
        }
        Agent agent;
        try {
            agent = Agent.start(settings);
        } catch (IllegalArgumentException | java.io.IOException cannotStart) {
            System.err.println("burstline-agent: " + cannotStart.getMessage());
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            agent.close();
            stopped.countDown();
        }, "agent-shutdown"));
        stopped.await();
    }
}
