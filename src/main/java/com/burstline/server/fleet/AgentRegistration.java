package com.burstline.server.fleet;

import tools.jackson.databind.JsonNode;

/**
 * What an agent says about itself when it registers ({@code POST /api/v1/agents}).
 *
 * @param certificateSha256 the fingerprint of the certificate its HTTPS API presents; null for plain HTTP
 * @param secret            the agent's own secret it proposes when enrolling (it kept it on disk first); null to have
 *                          the server draw one and answer it
 */
record AgentRegistration(String name, String url, String testAddress, String version, JsonNode facts,
                         String certificateSha256, String secret) {
}
