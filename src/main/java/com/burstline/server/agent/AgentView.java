package com.burstline.server.agent;

import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

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

    /** This agent's cloud instance type, null when unknown. */
    public String instanceType() {
        return instanceTypeOf(facts);
    }

    /** "Linux 6.1.0 amd64, 2 CPUs, iperf3 3.12" for the Agents page; null without facts. */
    public String hostSummary() {
        if (facts == null) {
            return null;
        }
        return String.join(" ", text("osName", "?"), text("osVersion", ""), text("arch", "")).strip() + ", "
                + text("cpus", "?") + " CPUs, iperf3 " + text("iperf3Version", "?");
    }

    /** One line per network interface: "eth0: ena 2.11.0, 25000 Mbit/s, MTU 9001". */
    public List<String> interfaceSummaries() {
        List<String> lines = new ArrayList<>();
        for (JsonNode nic : facts == null ? List.<JsonNode>of() : facts.path("interfaces")) {
            StringBuilder line = new StringBuilder(nic.path("name").asString("?")).append(": ")
                    .append(nic.path("driver").asString("unknown driver"));
            if (nic.path("driverVersion").isString()) {
                line.append(' ').append(nic.path("driverVersion").stringValue());
            }
            if (nic.path("speedMbps").isNumber()) {
                line.append(", ").append(nic.path("speedMbps").longValue()).append(" Mbit/s");
            }
            if (nic.path("mtu").isNumber()) {
                line.append(", MTU ").append(nic.path("mtu").longValue());
            }
            lines.add(line.toString());
        }
        return lines;
    }

    private String text(String field, String fallback) {
        JsonNode value = facts.path(field);
        return value.isNull() || value.isMissingNode() ? fallback : value.asString(fallback);
    }
}
