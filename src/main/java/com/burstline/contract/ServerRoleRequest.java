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
 */
public record ServerRoleRequest(int port, int timeoutSeconds, String tool, AttemptKey attempt) {
    /** The most {@code burstline.jobs.result-margin} may be; the server refuses to start with more. */
    public static final Duration MAX_RESULT_MARGIN = Duration.ofHours(1);
    public static final Limit TIMEOUT = new Limit("timeoutSeconds", 1,
            Scenario.DURATION.max() + Scenario.OMIT.max() + MAX_RESULT_MARGIN.toSeconds());

    public ServerRoleRequest {
        ScenarioSpec.PORT.check(port);
        TIMEOUT.check(timeoutSeconds);
        tool = Scenario.checkTool(tool);
    }

    /** The iperf3 server for {@code spec}, on the spec's port, for as long as the server waits for its result. */
    public static ServerRoleRequest forScenario(ScenarioSpec spec, Duration resultMargin) {
        checkResultMargin(resultMargin);
        return new ServerRoleRequest(spec.port(), (int) spec.limitSeconds(resultMargin), spec.scenario().tool(),
                spec.key());
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
        return new ServerRoleRequest(fields.requireInt(ScenarioSpec.PORT), fields.requireInt(TIMEOUT),
                Scenario.readTool(fields), fields.isAbsent("jobId") ? null : AttemptKey.fromJson(json));
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = attempt == null ? new LinkedHashMap<>() : attempt.toJson();
        json.put("port", port);
        json.put("timeoutSeconds", timeoutSeconds);
        json.put("tool", tool);
        return json;
    }

    public Duration timeout() {
        return Duration.ofSeconds(timeoutSeconds);
    }
}
