package com.burstline.server.job.intake;

import com.burstline.contract.Fields;
import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.Json;
import com.burstline.contract.LatencyReport;
import com.burstline.contract.Protocol;
import com.burstline.contract.Scenario;
import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.RequestResponseRun;

import java.time.DateTimeException;
import java.time.Instant;
import java.util.Map;

/**
 * The run a request/response scenario's result makes: the engine's {@code rr -c} output begins with its
 * {@code start} event (its version, when, the protocol, flows, duration and omit it ran), and the agent's latency
 * report, read from the same lines, gives both ends' CPU and the intervals. Bounded by the contract's limits.
 */
final class RequestResponseOutput {
    private RequestResponseOutput() {
    }

    /**
     * @throws InvalidRunInputException when the output does not begin with a start event of a request/response test
     */
    @SuppressWarnings("unchecked")
    static RequestResponseRun read(String output, LatencyReport latency) {
        String first = output == null ? "" : output.strip().lines().findFirst().orElse("");
        Map<String, Object> start;
        try {
            Map<String, Object> event = Json.parseObject(first);
            if (!"start".equals(event.get("event")) || !(event.get("data") instanceof Map<?, ?> data)) {
                throw new InvalidRunInputException("the request/response output does not begin with its start event");
            }
            start = (Map<String, Object>) data;
        } catch (IllegalArgumentException notJson) {
            throw new InvalidRunInputException("the request/response output does not begin with its start event: "
                    + notJson.getMessage());
        }
        try {
            Fields fields = new Fields(start);
            Protocol protocol = Protocol.valueOf(fields.requireChoice("protocol", Protocol.NAMES));
            if (!protocol.requestResponse()) {
                throw new InvalidMessageException("protocol must be " + Protocol.UDP_RR + " or " + Protocol.TCP_RR);
            }
            return new RequestResponseRun(fields.requireString("version", 256), timestamp(fields), protocol,
                    fields.requireInt(new com.burstline.contract.Limit("flows", 1, Scenario.STREAMS.max())),
                    latency == null ? null : latency.summary().messageBytes(),
                    fields.requireInt(Scenario.DURATION), fields.intOr(Scenario.OMIT, 0),
                    latency == null ? null : latency.summary().clientCpuPercent(),
                    latency == null ? null : latency.summary().serverCpuPercent(),
                    latency == null ? 0 : latency.samples().size());
        } catch (InvalidMessageException wrong) {
            throw new InvalidRunInputException("the request/response output's start event: " + wrong.getMessage());
        }
    }

    private static Instant timestamp(Fields fields) {
        String text = fields.optionalString("timestamp");
        try {
            return text == null ? null : Instant.parse(text);
        } catch (DateTimeException unreadable) {
            return null;
        }
    }
}
