package com.burstline.server.fleet;

/**
 * The TLS certificate the server holds an agent to. Its fingerprint is pinned when the agent is enrolled (its first
 * registration that announces one); a later registration that announces another one does not move the pin, it only
 * shows here as {@code changed} until an admin accepts the new certificate or removes the agent. Part of the API.
 *
 * @param pinnedSha256    the fingerprint every call to the agent is checked against; null for a plain-HTTP agent
 * @param presentedSha256 the fingerprint the agent's latest registration announced; null for plain HTTP
 * @param changed         the two differ: calls to the agent are refused
 */
public record AgentCertificate(String pinnedSha256, String presentedSha256, boolean changed) {

    static AgentCertificate of(String pinned, String presented) {
        return new AgentCertificate(pinned, presented, pinned != null && !pinned.equals(presented));
    }

    /** The words a refused call and the Agents page use. */
    public static String mismatch(String agent, String presented, String pinned) {
        return "agent " + agent + " presented a certificate whose fingerprint " + presented + " differs from the one"
                + " pinned at enrollment (" + pinned + "); nothing is sent to it until an admin accepts the new "
                + "certificate (POST /api/v1/agents/" + agent + "/certificate) or removes and re-enrolls the agent";
    }

    /** Null while the agent still announces its pinned certificate, else what is wrong, in words. */
    public String problem(String agent) {
        if (!changed) {
            return null;
        }
        return presentedSha256 == null ? "agent " + agent + " was enrolled with a TLS certificate (SHA-256 "
                + pinnedSha256 + ") but registered again with plain HTTP; the server does not fall back to plain "
                + "HTTP until an admin accepts that (POST /api/v1/agents/" + agent + "/certificate)"
                : mismatch(agent, presentedSha256, pinnedSha256);
    }
}
