package com.burstline.server.fleet;

import com.burstline.contract.AgentPort;
import com.burstline.server.security.JoinTokens;
import com.burstline.server.system.BurstlineProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.springframework.stereotype.Service;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * Adding an agent: a join token for one named host, expiring after {@code burstline.agents.join-token-lifetime},
 * and the blocks that install the agent there with it, for the server URL the admin gave (by default
 * {@code burstline.agents.server-url}, else {@code burstline.public-url}, else the address the admin's browser used).
 * The API and the Agents page both add agents here, so they show the same blocks.
 */
@Service
class AgentJoining {
    private final JoinTokens tokens;
    private final AgentJar jar;
    private final EnrollmentSettings settings;
    private final AgentsTls tls;
    private final BurstlineProperties properties;
    private final AgentAddresses.Settings addresses;
    private final AgentJvmOptions jvm = AgentJvmOptions.load();
    private final Clock clock = Clock.systemUTC();

    AgentJoining(JoinTokens tokens, AgentJar jar, EnrollmentSettings settings, AgentsTls tls,
                 BurstlineProperties properties, AgentAddresses.Settings addresses) {
        this.tokens = tokens;
        this.jar = jar;
        this.settings = settings;
        this.tls = tls;
        this.properties = properties;
        this.addresses = addresses;
    }

    /**
     * What an admin asks for: the agent's name, and optionally the server URL the host uses and the directories.
     *
     * @param name the agent the token enrolls (and the only name it enrolls)
     */
    record AddAgent(String name, String serverUrl, String linuxDirectory, String windowsDirectory) {
    }

    /**
     * What adding an agent answers, once: the token's secret and the blocks with it; {@code commands} is null (and
     * {@code note} says why) when the server has no agent jar to hand out.
     *
     * @param serverUrlWarnings why hosts elsewhere may not reach {@code serverUrl}, in words; empty when none
     * @param ports             which ports the hosts open, in words
     * @param agentServerUrl    where the agent reaches this server (its HTTPS listener for agents when on)
     * @param serverCertificateSha256 the certificate the agent pins there; null without that listener
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Added(JoinTokens.JoinTokenView token, String secret, String serverUrl, List<String> serverUrlWarnings,
                 String ports, String agentJarSha256, AgentInstallCommands commands, String note,
                 String agentServerUrl, String serverCertificateSha256) {
    }

    /** @param requestBaseUrl where this request reached the server: the server URL when nothing else says one */
    Added add(AddAgent request, String createdBy, String requestBaseUrl) {
        String name = AgentRules.checkNewName(request.name() == null ? null : request.name().strip());
        AgentServerUrl serverUrl = AgentServerUrl.check(request.serverUrl() == null || request.serverUrl().isBlank()
                ? defaultServerUrl(requestBaseUrl) : request.serverUrl());
        // checked before the token is issued, so that a refused directory leaves no token behind
        InstallRequest install = new InstallRequest(serverUrl.url(), agentServer(serverUrl.url()), null, name, null,
                request.linuxDirectory(), request.windowsDirectory(), ports(), addresses.allowedNetworks(), jvm);
        JoinTokens.IssuedJoinToken issued = tokens.issue(name, clock.instant().plus(settings.joinTokenLifetime()),
                createdBy);
        String ports = ports().inWords();
        AgentInstallCommands.AgentServer agents = install.agents();
        return jar.find().map(found -> new Added(issued.token(), issued.secret(), serverUrl.url(),
                        serverUrl.warnings(), ports, found.sha256(),
                        AgentInstallCommands.of(install.with(issued.secret(), found.sha256())), null, agents.url(),
                        agents.fingerprint()))
                .orElseGet(() -> new Added(issued.token(), issued.secret(), serverUrl.url(), serverUrl.warnings(),
                        ports, null, null, jar.missing(), agents.url(), agents.fingerprint()));
    }

    /** The HTTPS listener for agents at the host the admin named, or that address itself when it is off. */
    private AgentInstallCommands.AgentServer agentServer(String serverUrl) {
        if (!tls.enabled()) {
            return new AgentInstallCommands.AgentServer(serverUrl, null);
        }
        String host = java.net.URI.create(serverUrl).getHost();
        return new AgentInstallCommands.AgentServer("https://" + host + ":" + tls.port(), tls.fingerprint());
    }

    /** The server URL the Agents page's form starts with. */
    String defaultServerUrl(String requestBaseUrl) {
        return settings.serverUrl() != null ? settings.serverUrl()
                : properties.publicUrl() != null ? properties.publicUrl() : requestBaseUrl;
    }

    InstallRequest.HostPorts ports() {
        return new InstallRequest.HostPorts(AgentPort.DEFAULT, properties.jobs().iperf3Port(),
                properties.jobs().iperf3Ports());
    }

    Duration lifetime() {
        return settings.joinTokenLifetime();
    }
}
