package com.burstline.server.fleet;

import tools.jackson.databind.JsonNode;

/**
 * What an agent says about itself when it registers ({@code POST /api/v1/agents}).
 *
 * @param certificateSha256 the fingerprint of the certificate its HTTPS API presents; null for plain HTTP
 * @param secret            the agent's own secret it proposes when enrolling (it kept it on disk first); null to have
 *                          the server draw one and answer it
 * @param serverKeySha256   the fingerprint of the server signing key the agent holds; null for none (an agent
 *                          enrolled before protocol v2, or a new one enrolling now)
 */
record AgentRegistration(String name, String url, String testAddress, String version, JsonNode facts,
                         String certificateSha256, String secret, String serverKeySha256) {

    /** An agent that says nothing of a server key (before protocol v2). */
    AgentRegistration(String name, String url, String testAddress, String version, JsonNode facts,
                      String certificateSha256, String secret) {
        this(name, url, testAddress, version, facts, certificateSha256, secret, null);
    }
}
