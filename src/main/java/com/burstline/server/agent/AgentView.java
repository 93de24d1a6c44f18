package com.burstline.server.agent;

import tools.jackson.databind.JsonNode;

import java.time.Instant;

/**
 * An agent as the API and pages show it. {@code facts} is the agent's own JSON (see docs/agent-protocol.md);
 * {@code online} is false once three heartbeats were missed. The field names are part of the API.
 */
public record AgentView(String name, String url, String testAddress, String version, JsonNode facts, boolean online,
                        boolean busy, Instant registeredAt, Instant lastSeenAt) {

    /** "ena 2.11.0" for the interface that routes to the peer, when the facts say; null when unknown. */
    public static String driverOf(JsonNode facts) {
        if (facts == null || !facts.path("routeInterface").isString()) {
            return null;
        }
        String route = facts.path("routeInterface").stringValue();
        for (JsonNode nic : facts.path("interfaces")) {
            if (route.equals(nic.path("name").stringValue(null))) {
                String driver = nic.path("driver").stringValue(null);
                String version = nic.path("driverVersion").stringValue(null);
                return driver == null ? null : version == null ? driver : driver + " " + version;
            }
        }
        return null;
    }

    /** The cloud instance type from the facts, null when the host is not a known cloud instance. */
    public static String instanceTypeOf(JsonNode facts) {
        return facts == null ? null : facts.path("instanceType").stringValue(null);
    }
}
