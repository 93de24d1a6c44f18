package com.burstline.contract;

import java.util.ArrayList;
import java.util.List;

/**
 * iperf3's argument lists, built from typed values only, one value per argument (never through a shell): the agent
 * starts exactly these, and the server's report prints them to reproduce a run. An option is left out where its
 * value is iperf3's default (one stream, a 1 s interval, no omit), so a printed line stays short.
 */
public final class Iperf3Command {
    private Iperf3Command() {
    }

    /**
     * What a client line says: the scenario, against which server; the report builds one from an uploaded run's
     * summary.
     *
     * @param port       null for iperf3's default port
     * @param jsonStream {@code --json-stream} (iperf3 3.17 and later) rather than {@code -J}
     */
    public record Client(String peerHost, Integer port, Scenario scenario, boolean jsonStream) {
        public static Client of(ScenarioSpec spec, boolean jsonStream) {
            return new Client(spec.peerHost(), spec.port(), spec.scenario(), jsonStream);
        }
    }

    /** The client (the system under test's side) of a scenario. */
    public static List<String> client(String program, ScenarioSpec spec, boolean jsonStream) {
        return client(program, Client.of(spec, jsonStream));
    }

    public static List<String> client(String program, Client client) {
        List<String> args = new ArrayList<>(List.of(program, "-c", client.peerHost()));
        if (client.port() != null) {
            args.addAll(List.of("-p", Integer.toString(client.port())));
        }
        Scenario scenario = client.scenario();
        if (scenario.udp()) {
            args.add("-u");
        }
        if (scenario.targetBitsPerSecond() != null) {
            args.addAll(List.of("-b", rate(scenario.targetBitsPerSecond())));
        }
        if (scenario.streams() > 1) {
            args.addAll(List.of("-P", Integer.toString(scenario.streams())));
        }
        switch (scenario.direction()) {
            case DOWNLOAD -> args.add("-R");
            case BIDIR -> args.add("--bidir");
            case UPLOAD -> { }
        }
        args.addAll(List.of("-t", Integer.toString(scenario.durationSeconds())));
        if (scenario.intervalSeconds() != Scenario.DEFAULT_INTERVAL) {
            args.addAll(List.of("-i", Limit.format(scenario.intervalSeconds())));
        }
        if (scenario.omitSeconds() > 0) {
            args.addAll(List.of("-O", Integer.toString(scenario.omitSeconds())));
        }
        // The server's own intervals come back inside the client's output: for an upload, the only report of what
        // arrived (a UDP sender at 1 Gbit/s while 654 Mbit/s did). JSON when the server runs with -J.
        args.add("--get-server-output");
        args.add(client.jsonStream() ? "--json-stream" : "-J");
        return List.copyOf(args);
    }

    /** What starts the agent's own engine in place of an iperf3 binary: {@code java -jar burstline-agent.jar iperf3}. */
    public static final List<String> ENGINE_PROGRAM = List.of("java", "-jar", "burstline-agent.jar", "iperf3");

    /** The engine's client line for the same test, for the agent to run and the report to print. */
    public static List<String> engineClient(Client client) {
        List<String> args = new ArrayList<>(ENGINE_PROGRAM);
        client(ENGINE_PROGRAM.get(0), client).stream().skip(1).forEach(args::add);
        return List.copyOf(args);
    }

    /** The peer's side: one test, then exit ({@code -1}); {@code port} null for iperf3's default port. */
    public static List<String> server(String program, Integer port) {
        return server(program, port, null);
    }

    /** As {@link #server(String, Integer)}, listening on {@code bind} only ({@code -B}); null for every address. */
    public static List<String> server(String program, Integer port, String bind) {
        List<String> args = new ArrayList<>(List.of(program, "-s"));
        if (port != null) {
            args.addAll(List.of("-p", Integer.toString(port)));
        }
        if (bind != null) {
            args.addAll(List.of("-B", NameRules.checkHost("bind", bind)));
        }
        args.add("-1");
        return List.copyOf(args);
    }

    /** The engine's server line for the peer: {@code java -jar burstline-agent.jar iperf3 -s [-p PORT] -1}. */
    public static List<String> engineServer(Integer port) {
        return engineServer(port, null);
    }

    /** As {@link #engineServer(Integer)}, listening on {@code bind} only ({@code -B}); null for every address. */
    public static List<String> engineServer(Integer port, String bind) {
        List<String> args = new ArrayList<>(ENGINE_PROGRAM);
        server(ENGINE_PROGRAM.get(0), port, bind).stream().skip(1).forEach(args::add);
        return List.copyOf(args);
    }

    /** iperf3's own suffixes, which count in thousands for rates: -b 1G, -b 500M. */
    static String rate(long bitsPerSecond) {
        if (bitsPerSecond % 1_000_000_000L == 0) {
            return bitsPerSecond / 1_000_000_000L + "G";
        }
        if (bitsPerSecond % 1_000_000L == 0) {
            return bitsPerSecond / 1_000_000L + "M";
        }
        return Long.toString(bitsPerSecond);
    }
}
