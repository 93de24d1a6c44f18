package com.burstline.contract;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One measurement for the system under test to run as the client ({@code POST /v1/scenarios}): which attempt it is,
 * where the peer's server listens, and the {@link Scenario} to run. On the wire the scenario's fields sit flat
 * beside the others, as they always have, so that agents and servers of the previous version still read it.
 *
 * @param peerHost        the peer's address as the server resolved and checked it, once: an IP literal, never a name
 *                        that the agent's resolver could answer differently
 * @param nonce           the one-time secret of this dispatch ({@link DispatchNonce}): the agent sends it back with
 *                        every live sample and with the result, which is how the server knows it gave this agent this
 *                        scenario
 * @param allowedNetworks the networks the server lets agents measure in (its burstline.agents.allowed-networks): the
 *                        agent measures no peer outside them ({@link AddressRange#PRIVATE} when the server names none)
 * @param latencyProbe    the loaded-latency probe to run beside a throughput scenario; null for none (the job turned
 *                        it off, a request/response scenario, or a server from before the probe)
 */
public record ScenarioSpec(AttemptKey key, String peerHost, int port, Scenario scenario, String nonce,
                           List<String> allowedNetworks, LatencyProbeSpec latencyProbe) {
    public static final Limit PORT = new Limit("port", 1024, 65535);
    public static final String ALLOWED_NETWORKS = "allowedNetworks";
    private static final int MAX_NETWORKS = 64;

    public ScenarioSpec {
        if (key == null || scenario == null) {
            throw new InvalidMessageException("a scenario spec needs its attempt key and its scenario");
        }
        scenario.bounded();
        DispatchNonce.check(nonce);
        NameRules.checkHost("peerHost", peerHost); // nothing that could become an option or a shell's word
        if (!NameRules.isAddress(peerHost)) {
            throw new InvalidMessageException("peerHost must be an IP address, not the host name '" + peerHost
                    + "': the server resolves a peer's name once, checks the address and sends that; a name is not "
                    + "resolved again here");
        }
        PORT.check(port);
        allowedNetworks = allowedNetworks == null || allowedNetworks.isEmpty() ? AddressRange.PRIVATE
                : List.copyOf(allowedNetworks);
        if (allowedNetworks.size() > MAX_NETWORKS) {
            throw new InvalidMessageException(ALLOWED_NETWORKS + " must name at most " + MAX_NETWORKS + " ranges");
        }
        allowedNetworks.forEach(range -> AddressRange.parse(ALLOWED_NETWORKS, range));
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
    public ScenarioSpec(AttemptKey key, String peerHost, int port, Scenario scenario, String nonce,
                        List<String> allowedNetworks) {
        this(key, peerHost, port, scenario, nonce, allowedNetworks, null);
    }

    /** A spec within the private ranges only, without the loaded-latency probe. */
    public ScenarioSpec(AttemptKey key, String peerHost, int port, Scenario scenario, String nonce) {
        this(key, peerHost, port, scenario, nonce, null, null);
    }

    public static ScenarioSpec fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json);
        AttemptKey key = AttemptKey.fromJson(json);
        String peerHost = fields.requireString("peerHost", NameRules.MAX_HOST);
        int port = fields.requireInt(PORT);
        List<String> networks = networks(json.get(ALLOWED_NETWORKS));
        return new ScenarioSpec(key, peerHost, port, Scenario.fromJson(fields),
                fields.requireString(DispatchNonce.FIELD, DispatchNonce.MAX_LENGTH), networks,
                LatencyProbeSpec.fromJsonOrNull(fields.object("latencyProbe")));
    }

    private static List<String> networks(Object value) {
        if (value == null) {
            return null; // a server before this field: the private ranges
        }
        if (!(value instanceof List<?> list) || list.stream().anyMatch(range -> !(range instanceof String))) {
            throw new InvalidMessageException(ALLOWED_NETWORKS + " must be a list of CIDR ranges");
        }
        return list.stream().map(String.class::cast).toList();
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = key.toJson();
        json.put("peerHost", peerHost);
        json.put("port", port);
        json.putAll(scenario.toJson());
        json.put(DispatchNonce.FIELD, nonce);
        json.put(ALLOWED_NETWORKS, allowedNetworks);
        if (latencyProbe != null) {
            json.put("latencyProbe", latencyProbe.toJson());
        }
        return json;
    }

    /** Whether the peer lies inside the networks the server allows. */
    public boolean peerInsideAllowedNetworks() {
        try {
            InetAddress peer = InetAddress.getByName(peerHost); // a literal: nothing is resolved
            return allowedNetworks.stream().anyMatch(range -> AddressRange.parse(ALLOWED_NETWORKS, range)
                    .contains(peer));
        } catch (UnknownHostException e) {
            return false;
        }
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
