package com.burstline.server.report;

import com.burstline.server.run.RunSummary;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The iperf3 command lines that reproduce each scenario, rebuilt from what the runs recorded. */
final class Commands {
    private Commands() {
    }

    static List<String> of(List<RunSummary> runs) {
        Set<String> commands = new LinkedHashSet<>();
        runs.stream().map(Commands::server).forEach(commands::add);
        runs.stream().map(Commands::client).forEach(commands::add);
        return new ArrayList<>(commands);
    }

    private static String server(RunSummary run) {
        return "iperf3 -s -1" + "    # on " + host(run.peer(), "the peer");
    }

    static String client(RunSummary run) {
        StringBuilder command = new StringBuilder("iperf3 -c ").append(host(run.peer(), "<peer>"));
        if ("UDP".equals(run.protocol())) {
            command.append(" -u");
            if (run.targetBitsPerSecond() != null) {
                command.append(" -b ").append(bandwidth(run.targetBitsPerSecond()));
            }
        }
        if (run.streams() > 1) {
            command.append(" -P ").append(run.streams());
        }
        switch (run.direction()) {
            case "download" -> command.append(" -R");
            case "bidir" -> command.append(" --bidir");
            default -> { }
        }
        command.append(" -t ").append(run.durationSeconds());
        if (run.omitSeconds() > 0) {
            command.append(" -O ").append(run.omitSeconds());
        }
        command.append("json-stream".equals(run.outputFormat()) ? " --json-stream" : " -J");
        return command.toString();
    }

    /** iperf3's own suffixes: -b 1G, -b 500M. */
    private static String bandwidth(long bitsPerSecond) {
        if (bitsPerSecond % 1_000_000_000L == 0) {
            return bitsPerSecond / 1_000_000_000L + "G";
        }
        if (bitsPerSecond % 1_000_000L == 0) {
            return bitsPerSecond / 1_000_000L + "M";
        }
        return Long.toString(bitsPerSecond);
    }

    private static String host(String name, String unknown) {
        return name == null ? unknown : name;
    }
}
