package com.burstline.server.fleet;

import com.burstline.server.security.JoinTokens;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.springframework.stereotype.Service;

import java.time.Clock;
import java.time.Duration;

/**
 * Adding an agent: a join token for one named host, expiring after {@code burstline.agents.join-token-lifetime},
 * and the commands that fetch this server's agent jar, check it and start the agent with the token. The API and the
 * Agents page both add agents here, so they show the same commands.
 */
@Service
class AgentJoining {
    private final JoinTokens tokens;
    private final AgentJar jar;
    private final EnrollmentSettings settings;
    private final AgentsTls tls;
    private final Clock clock = Clock.systemUTC();

    AgentJoining(JoinTokens tokens, AgentJar jar, EnrollmentSettings settings, AgentsTls tls) {
        this.tokens = tokens;
        this.jar = jar;
        this.settings = settings;
        this.tls = tls;
    }

    /**
     * What adding an agent answers, once: the token's secret and the commands with it; {@code commands} is null
     * (and {@code note} says why) when the server has no agent jar to hand out.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Added(JoinTokens.JoinTokenView token, String secret, String serverUrl, String agentJarSha256,
                 AgentInstallCommands commands, String note, String agentServerUrl,
                 String serverCertificateSha256) {
    }

    /** @param requestBaseUrl where this request reached the server; agents use it unless server-url is set */
    Added add(String agentName, String createdBy, String requestBaseUrl) {
        String name = AgentRules.checkNewName(agentName == null ? null : agentName.strip());
        String serverUrl = settings.serverUrl() != null ? settings.serverUrl() : requestBaseUrl;
        AgentInstallCommands.refuseControlCharacters(serverUrl);
        JoinTokens.IssuedJoinToken issued = tokens.issue(name, clock.instant().plus(settings.joinTokenLifetime()),
                createdBy);
        AgentInstallCommands.AgentServer agents = agentServer(serverUrl);
        return jar.find().map(found -> new Added(issued.token(), issued.secret(), serverUrl, found.sha256(),
                        AgentInstallCommands.of(serverUrl, issued.secret(), name, found.sha256(), agents), null,
                        agents.url(), agents.fingerprint()))
                .orElseGet(() -> new Added(issued.token(), issued.secret(), serverUrl, null, null, jar.missing(),
                        agents.url(), agents.fingerprint()));
    }

    /** The HTTPS listener for agents at the host the admin reached, or that address itself when it is off. */
    private AgentInstallCommands.AgentServer agentServer(String serverUrl) {
        if (!tls.enabled()) {
            return new AgentInstallCommands.AgentServer(serverUrl, null);
        }
        String host = java.net.URI.create(serverUrl).getHost();
        return new AgentInstallCommands.AgentServer("https://" + host + ":" + tls.port(), tls.fingerprint());
    }

    Duration lifetime() {
        return settings.joinTokenLifetime();
    }
}
