package com.burstline.contract;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code POST /v1/iperf3-server}: the peer starts {@code iperf3 -s -p PORT -1} for one test and kills it after
 * {@code timeoutSeconds}. The timeout is the scenario's limit ({@link ScenarioSpec#limitSeconds}), so its bound is
 * the longest scenario plus the longest result margin a server may be configured with: one rule for both sides.
 * {@code attempt} names the scenario attempt the server role serves, so that the peer can answer its
 * {@link HostDrops} for it afterwards ({@code POST /v1/iperf3-server/drops}); null from a server that sends none.
 *
 * @param protocol     {@link Protocol#UDP_RR} or {@link Protocol#TCP_RR}: the engine's request/response server
 *                     instead; null for iperf3's test
 * @param latencyProbe the loaded-latency probe to answer beside the server; null for none
 */
public record ServerRoleRequest(int port, int timeoutSeconds, String tool, AttemptKey attempt, Protocol protocol,
                                LatencyProbeSpec latencyProbe) {
    /** The most {@code burstline.jobs.result-margin} may be; the server refuses to start with more. */
    public static final Duration MAX_RESULT_MARGIN = Duration.ofHours(1);
    public static final Limit TIMEOUT = new Limit("timeoutSeconds", 1,
            Scenario.DURATION.max() + Scenario.OMIT.max() + MAX_RESULT_MARGIN.toSeconds()
                    + LatencyProbeSpec.IDLE.max() + LatencyProbeSpec.LOSS_TIMEOUT_MILLIS / 1000);

    public ServerRoleRequest {
        ScenarioSpec.PORT.check(port);
        TIMEOUT.check(timeoutSeconds);
        tool = Scenario.checkTool(tool);
        if (protocol != null) {
            if (!protocol.requestResponse()) {
                throw new InvalidMessageException("protocol of a server role must be " + Protocol.UDP_RR + " or "
                        + Protocol.TCP_RR + " (or absent for iperf3's test), not '" + protocol + "'");
            }
            tool = Scenario.TOOL_ENGINE;
        }
    }

    /** iperf3's test without the loaded-latency probe. */
    public ServerRoleRequest(int port, int timeoutSeconds, String tool) {
        this(port, timeoutSeconds, tool, null, null, null);
    }

    /** iperf3's test of an attempt, without the loaded-latency probe. */
    public ServerRoleRequest(int port, int timeoutSeconds, String tool, AttemptKey attempt) {
        this(port, timeoutSeconds, tool, attempt, null, null);
    }

    public boolean requestResponse() {
        return protocol != null;
    }

    /** The iperf3 server for {@code spec}, on the spec's port, for as long as the server waits for its result. */
    public static ServerRoleRequest forScenario(ScenarioSpec spec, Duration resultMargin) {
        checkResultMargin(resultMargin);
        Scenario scenario = spec.scenario();
        return new ServerRoleRequest(spec.port(), (int) spec.limitSeconds(resultMargin), scenario.tool(),
                spec.key(), scenario.requestResponse() ? scenario.protocol() : null, spec.latencyProbe());
    }

    /** The margin when it is within the contract's bound, else an {@link InvalidMessageException} saying so. */
    public static Duration checkResultMargin(Duration resultMargin) {
        if (resultMargin.isNegative() || resultMargin.compareTo(MAX_RESULT_MARGIN) > 0) {
            throw new InvalidMessageException("the result margin must be between 0 and "
                    + MAX_RESULT_MARGIN.toSeconds() + " s, not " + resultMargin.toSeconds() + " s");
        }
        return resultMargin;
    }

    public static ServerRoleRequest fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json);
        Protocol protocol = fields.isAbsent("protocol") ? null
                : Protocol.valueOf(fields.requireChoice("protocol", Protocol.NAMES));
        return new ServerRoleRequest(fields.requireInt(ScenarioSpec.PORT), fields.requireInt(TIMEOUT),
                Scenario.readTool(fields), fields.isAbsent("jobId") ? null : AttemptKey.fromJson(json), protocol,
                LatencyProbeSpec.fromJsonOrNull(fields.object("latencyProbe")));
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = attempt == null ? new LinkedHashMap<>() : attempt.toJson();
        json.put("port", port);
        json.put("timeoutSeconds", timeoutSeconds);
        json.put("tool", tool);
        if (protocol != null) {
            json.put("protocol", protocol.name());
        }
        if (latencyProbe != null) {
            json.put("latencyProbe", latencyProbe.toJson());
        }
        return json;
    }

    public Duration timeout() {
        return Duration.ofSeconds(timeoutSeconds);
    }
}
