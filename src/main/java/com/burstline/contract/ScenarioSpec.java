package com.burstline.contract;

import java.time.Duration;
import java.util.Map;

/**
 * One measurement for the system under test to run as the client ({@code POST /v1/scenarios}): which attempt it is,
 * where the peer's server listens, and the {@link Scenario} to run. On the wire the scenario's fields sit flat
 * beside the others, as they always have, so that agents and servers of the previous version still read it.
 *
 * @param nonce        the one-time secret of this dispatch ({@link DispatchNonce}): the agent sends it back with every
 *                     live sample and with the result, which is how the server knows it gave this agent this scenario
 * @param latencyProbe the loaded-latency probe to run beside a throughput scenario; null for none (the job turned it
 *                     off, a request/response scenario, or a server from before the probe)
 */
public record ScenarioSpec(AttemptKey key, String peerHost, int port, Scenario scenario, String nonce,
                           LatencyProbeSpec latencyProbe) {
    public static final Limit PORT = new Limit("port", 1024, 65535);

    public ScenarioSpec {
        if (key == null || scenario == null) {
            throw new InvalidMessageException("a scenario spec needs its attempt key and its scenario");
        }
        scenario.bounded();
        DispatchNonce.check(nonce);
        NameRules.checkHost("peerHost", peerHost);
        PORT.check(port);
        if (latencyProbe != null && scenario.requestResponse()) {
            throw new InvalidMessageException(scenario.protocol() + " measures its own round trips; it takes no "
                    + "loaded-latency probe");
        }
        if (latencyProbe != null && latencyProbe.port() == port) {
            throw new InvalidMessageException("the loaded-latency probe needs a port of its own, not the "
                    + "scenario's " + port);
        }
    }

    /** A spec without the loaded-latency probe. */
    public ScenarioSpec(AttemptKey key, String peerHost, int port, Scenario scenario, String nonce) {
        this(key, peerHost, port, scenario, nonce, null);
    }

    public static ScenarioSpec fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json);
        AttemptKey key = AttemptKey.fromJson(json);
        String peerHost = fields.requireString("peerHost", NameRules.MAX_HOST);
        int port = fields.requireInt(PORT);
        return new ScenarioSpec(key, peerHost, port, Scenario.fromJson(fields),
                fields.requireString(DispatchNonce.FIELD, DispatchNonce.MAX_LENGTH),
                LatencyProbeSpec.fromJsonOrNull(fields.object("latencyProbe")));
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = key.toJson();
        json.put("peerHost", peerHost);
        json.put("port", port);
        json.putAll(scenario.toJson());
        json.put(DispatchNonce.FIELD, nonce);
        if (latencyProbe != null) {
            json.put("latencyProbe", latencyProbe.toJson());
        }
        return json;
    }

    /**
     * How long the scenario may take before its result is given up on: duration + omit + the server's margin for
     * connecting and the results exchange, and the loaded-latency probe's idle window and wait for late answers. The
     * peer's iperf3 server gets the same limit ({@link ServerRoleRequest}).
     */
    public long limitSeconds(Duration resultMargin) {
        return scenario.measuringSeconds() + resultMargin.toSeconds()
                + (latencyProbe == null ? 0 : latencyProbe.addedSeconds());
    }

    public String describe() {
        return key.describe();
    }
}
