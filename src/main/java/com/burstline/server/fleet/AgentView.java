package com.burstline.server.fleet;

import com.burstline.contract.HostFacts;
import com.burstline.contract.Json;
import com.burstline.contract.NicFacts;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An agent as the API and pages show it. {@code facts} is the agent's own JSON (see docs/agent-protocol.md), read
 * through the contract's {@link HostFacts}; {@code online} is false once three heartbeats were missed;
 * {@code certificate} is the TLS certificate the server holds the agent to. The field names are part of the API.
 */
public record AgentView(String name, String url, String testAddress, String version, JsonNode facts, boolean online,
                        boolean busy, Instant registeredAt, Instant lastSeenAt, AgentCertificate certificate,
                        AgentReach reach) {

    /** The same with what this server last found when it called the agent; null: not called yet. */
    AgentView withReach(AgentReach found) {
        return new AgentView(name, url, testAddress, version, facts, online, busy, registeredAt, lastSeenAt,
                certificate, found);
    }

    /** Stored or received facts as typed values; all unknown when there are none or they are not an object. */
    public static HostFacts factsOf(JsonNode facts) {
        if (facts == null || !facts.isObject()) {
            return HostFacts.fromJson(Map.of());
        }
        return HostFacts.fromJson(Json.parseObject(facts.toString()));
    }

    /** This agent's cloud instance type, null when unknown. */
    public String instanceType() {
        return factsOf(facts).instanceType();
    }

    /** "Linux 6.1.0 amd64, 2 CPUs, iperf3 3.12" for the Agents page; null without facts. */
    public String hostSummary() {
        if (facts == null) {
            return null;
        }
        HostFacts host = factsOf(facts);
        return String.join(" ", or(host.osName(), "?"), or(host.osVersion(), ""), or(host.arch(), "")).strip()
                + ", " + or(host.cpus(), "?") + " CPUs, iperf3 " + or(host.iperf3Version(), "?");
    }

    /** One line per network interface: "eth0: ena 2.11.0, 25000 Mbit/s, MTU 9001". */
    public List<String> interfaceSummaries() {
        return factsOf(facts).interfaces().stream().map(NicFacts::summary).toList();
    }

    private static String or(Object value, String fallback) {
        return value == null ? fallback : value.toString();
    }
}
