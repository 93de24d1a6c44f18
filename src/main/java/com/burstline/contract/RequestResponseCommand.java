package com.burstline.contract;

import java.util.ArrayList;
import java.util.List;

/**
 * The engine's request/response test's argument lists ({@code java -jar burstline-agent.jar rr …}), built from typed
 * values only, one value per argument: the agent starts exactly these, and a report can print them. Options at their
 * default (one flow, a 1 s interval, no omit) are left out.
 */
public final class RequestResponseCommand {
    public static final List<String> PROGRAM = List.of("java", "-jar", "burstline-agent.jar", "rr");

    private RequestResponseCommand() {
    }

    /** The client (the SUT's side) of a request/response scenario. */
    public static List<String> client(String peerHost, int port, Scenario scenario) {
        if (!scenario.requestResponse()) {
            throw new IllegalArgumentException(scenario.protocol() + " is not a request/response scenario");
        }
        List<String> args = new ArrayList<>(PROGRAM);
        args.addAll(List.of("-c", NameRules.checkHost("peerHost", peerHost), "-p", Integer.toString(port),
                "--protocol", scenario.protocol().name(), "-l", Integer.toString(scenario.messageBytes())));
        if (scenario.streams() > 1) {
            args.addAll(List.of("-P", Integer.toString(scenario.streams())));
        }
        args.addAll(List.of("-t", Integer.toString(scenario.durationSeconds())));
        if (scenario.intervalSeconds() != Scenario.DEFAULT_INTERVAL) {
            args.addAll(List.of("-i", Limit.format(scenario.intervalSeconds())));
        }
        if (scenario.omitSeconds() > 0) {
            args.addAll(List.of("-O", Integer.toString(scenario.omitSeconds())));
        }
        return List.copyOf(args);
    }

    /** The peer's side: one test, then exit; listening on {@code bind} only (null for every address). */
    public static List<String> server(int port, String bind) {
        List<String> args = new ArrayList<>(PROGRAM);
        args.addAll(List.of("-s", "-p", Integer.toString(port)));
        if (bind != null) {
            args.addAll(List.of("-B", NameRules.checkHost("bind", bind)));
        }
        args.add("-1");
        return List.copyOf(args);
    }
}
