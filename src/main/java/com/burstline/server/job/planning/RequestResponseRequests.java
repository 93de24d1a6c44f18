package com.burstline.server.job.planning;

import com.burstline.contract.Direction;
import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.Limit;
import com.burstline.contract.Protocol;
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

    /** Whether a request's protocol names a request/response test (any case). */
    static boolean named(String protocol) {
        try {
            return Protocol.fromName(protocol).requestResponse();
        } catch (IllegalArgumentException unknown) {
            return false;
        }
    }

    static Scenario scenario(int row, JobRequest.ScenarioRequest request, Integer durationOverride,
                             List<Problem> problems) {
        String at = "scenarios[" + row + "].";
        int before = problems.size();
        Protocol protocol = Protocol.fromName(request.protocol());
        int streams = bounded(row, Scenario.STREAMS, request.streams(), 1, problems);
        Integer duration = durationOverride != null ? durationOverride : request.durationSeconds() == null ? null
                : bounded(row, Scenario.DURATION, request.durationSeconds(), 1, problems);
        if (duration == null) {
            problems.add(Problem.missing(row, "durationSeconds",
                    at + "durationSeconds (or a durationSeconds for the whole job) is missing"));
        }
        double interval = request.intervalSeconds() == null ? Scenario.DEFAULT_INTERVAL : request.intervalSeconds();
        add(problems, Problem.range(row, null, Scenario.INTERVAL, interval));
        int omit = bounded(row, Scenario.OMIT, request.omitSeconds(), 0, problems);
        int bytes = bounded(row, Scenario.MESSAGE_BYTES, request.messageBytes(), Scenario.DEFAULT_MESSAGE_BYTES,
                problems);
        Direction direction = direction(row, request.direction(), problems);
        if (problems.size() > before || Scenario.DURATION.problem("", duration) != null) {
            return null;
        }
        try {
            return Scenario.of(protocol, direction).streams(streams).durationSeconds(duration).intervalSeconds(interval)
                    .omitSeconds(omit).targetBitsPerSecond(request.targetBitsPerSecond())
                    .tool(request.tool() == null ? Scenario.TOOL_AUTO : request.tool()).messageBytes(bytes).build()
                    .bounded();
        } catch (InvalidMessageException refused) {
            problems.add(Problem.of(at + refused.getMessage()));
            return null;
        }
    }

    private static Direction direction(int row, String value, List<Problem> problems) {
        try {
            return value == null ? Direction.UPLOAD : Direction.fromApiName(value.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException unknown) {
            problems.add(Problem.at(row, null, "direction", "must be upload, download or bidir, not '" + value
                    + "'"));
            return Direction.UPLOAD;
        }
    }

    private static int bounded(int row, Limit limit, Integer value, int fallback, List<Problem> problems) {
        if (value == null) {
            return fallback;
        }
        add(problems, Problem.range(row, null, limit, value));
        return value;
    }

    private static void add(List<Problem> problems, Problem problem) {
        if (problem != null) {
            problems.add(problem);
        }
    }
}
