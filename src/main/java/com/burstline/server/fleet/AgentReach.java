package com.burstline.server.fleet;

import java.time.Instant;

/**
 * Whether this server could call the agent's API when it last tried ({@code reached}), when, and in words what it
 * found ("answered in 12 ms", "… could not be reached (no connection within 3 s)"); {@code connected} is false when
 * no connection was made at all, the network's part (a firewall, a security group, a route), and true when the agent
 * answered, if only to refuse. An agent's heartbeats prove only that the agent reaches the server; jobs need the way
 * back too.
 */
public record AgentReach(boolean reached, Instant checkedAt, String detail, boolean connected) {
}
