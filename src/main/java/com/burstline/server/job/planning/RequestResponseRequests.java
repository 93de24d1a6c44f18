package com.burstline.server.job.planning;

import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.Limit;
import com.burstline.contract.Scenario;

import java.util.List;
import java.util.Locale;

/**
 * A request/response scenario of a job request (UDP_RR, TCP_RR), checked with every problem named at once: its flows
 * ({@code streams}), duration, interval, omit and message size within the contract's limits, and what it cannot take
 * (a target rate, a direction other than upload, iperf3) refused by the contract's own rule.
 */
final class RequestResponseRequests {
    private RequestResponseRequests() {
    }

    static Scenario scenario(String at, JobRequest.ScenarioRequest request, Integer durationOverride,
                             List<String> problems) {
        int before = problems.size();
        String protocol = request.protocol().toUpperCase(Locale.ROOT);
        int streams = bounded(at, Scenario.STREAMS, request.streams(), 1, problems);
        Integer duration = durationOverride != null ? durationOverride : request.durationSeconds() == null ? null
                : bounded(at, Scenario.DURATION, request.durationSeconds(), 1, problems);
        if (duration == null) {
            problems.add(at + "durationSeconds (or a durationSeconds for the whole job) is missing");
        }
        double interval = request.intervalSeconds() == null ? Scenario.DEFAULT_INTERVAL : request.intervalSeconds();
        add(problems, Scenario.INTERVAL.problem(at, interval));
        int omit = bounded(at, Scenario.OMIT, request.omitSeconds(), 0, problems);
        int bytes = bounded(at, Scenario.MESSAGE_BYTES, request.messageBytes(), Scenario.DEFAULT_MESSAGE_BYTES,
                problems);
        if (problems.size() > before || Scenario.DURATION.problem("", duration) != null) {
            return null;
        }
        try {
            return new Scenario(protocol, request.direction() == null ? Scenario.UPLOAD : request.direction(),
                    streams, duration, interval, omit, request.targetBitsPerSecond(),
                    request.tool() == null ? Scenario.TOOL_AUTO : request.tool(), bytes).bounded();
        } catch (InvalidMessageException refused) {
            problems.add(at + refused.getMessage());
            return null;
        }
    }

    private static int bounded(String at, Limit limit, Integer value, int fallback, List<String> problems) {
        if (value == null) {
            return fallback;
        }
        add(problems, limit.problem(at, value));
        return value;
    }

    private static void add(List<String> problems, String problem) {
        if (problem != null) {
            problems.add(problem);
        }
    }
}
