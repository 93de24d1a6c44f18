/**
 * The fleet: the server's registry of measurement hosts and their agents (the daemon itself is
 * {@code com.burstline.agent}) (enrollment with each agent's own secret, heartbeats, online/offline,
 * their facts, an admin's removal), the agent API of {@code docs/agent-protocol.md} for registering and heartbeats,
 * and the Agents page. Public: {@link
 * com.burstline.server.fleet.AgentRegistry} and {@link com.burstline.server.fleet.AgentView}; the entity stays inside.
 * Live samples and results are a job's business and are answered by the job feature.
 */
package com.burstline.server.fleet;
