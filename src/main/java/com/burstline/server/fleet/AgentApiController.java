package com.burstline.server.fleet;

import com.burstline.server.system.RequestBodyExample;
import com.burstline.server.security.AgentIdentity;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/**
 * Enrollment and registration, heartbeats (each agent by its own secret), the list of agents (viewers) and removing
 * one (admins). See docs/agent-protocol.md.
 */
@RestController
@RequestBodyExample("The body must be JSON as docs/agent-protocol.md describes it.")
@RequestMapping(path = "/api/v1/agents", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Agents", description = "Measurement hosts: agents enroll with the agent token, then speak with their own "
        + "secret")
class AgentApiController {
    private final AgentRegistry registry;

    AgentApiController(AgentRegistry registry) {
        this.registry = registry;
    }

    /**
     * secret: only in the answer that enrolled the agent (shown once, kept by the server only as a hash); serverKey
     * and serverKeySha256: the server's signing key, in the answer that enrolled the agent, which pins it.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Registered(String name, int heartbeatSeconds, String secret, String serverKey, String serverKeySha256) {
    }

    /** serverKeySha256: the server key the agent holds (absent from agents before protocol v2). */
    record Heartbeat(Boolean busy, String serverKeySha256) {
    }

    @Operation(summary = "Enroll an agent (a join token or the agent token), or register it again (its own secret)",
            description = "With a join token (once; 401 saying why when it was used, expired or revoked) or the "
                    + "agent token: enrolls a name no agent has enrolled with and answers the agent's "
                    + "own secret, once, and the server's signing key (serverKey), which the agent pins; 409 when the "
                    + "name is taken. With an agent's own secret: registers that "
                    + "agent again (a new URL, test address, version or facts). The first certificateSha256 announced is pinned; a different one "
                    + "later is recorded but not trusted until an admin accepts it.")
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    Registered register(@RequestBody AgentRegistration registration, Authentication caller) {
        AgentRegistry.Registered registered = registry.register(registration, AgentIdentity.agentName(caller),
                AgentIdentity.joinToken(caller));
        return new Registered(registered.agent().name(), registry.heartbeatSeconds(), registered.secret(),
                registered.serverKey(), registered.serverKeySha256());
    }

    @Operation(summary = "Remove an agent (admin)",
            description = "Its secret stops working at once and its name is free to enroll again.")
    @DeleteMapping("/{name}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void remove(@PathVariable String name) {
        registry.remove(AgentRules.checkName(name));
    }

    @Operation(summary = "An agent is alive (its own secret)",
            description = "404 when the server does not know the agent: it should register again.")
    @PostMapping("/{name}/heartbeat")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void heartbeat(@PathVariable String name, @RequestBody(required = false) Heartbeat heartbeat) {
        registry.heartbeat(AgentRules.checkName(name), heartbeat != null && Boolean.TRUE.equals(heartbeat.busy()),
                heartbeat == null ? null : AgentRules.checkServerKey(heartbeat.serverKeySha256()));
    }

    @Operation(summary = "Accept the TLS certificate the agent announces now (admin)",
            description = "After an agent's key changed, calls to it are refused until an admin accepts its new "
                    + "certificate: its fingerprint becomes the pin every call is checked against. With sha256 "
                    + "(the fingerprint you compared with the agent's log), 409 when the agent now presents another.")
    @PostMapping("/{name}/certificate")
    AgentView acceptCertificate(@PathVariable String name, @RequestParam(required = false) String sha256) {
        return registry.acceptCertificate(AgentRules.checkName(name), AgentRules.checkExpectedFingerprint(sha256));
    }

    @Operation(summary = "Every registered agent with its facts, online or offline, by name")
    @GetMapping
    List<AgentView> list() {
        return registry.list();
    }

    @Operation(summary = "One agent")
    @GetMapping("/{name}")
    AgentView get(@PathVariable String name) {
        return registry.get(name);
    }
}
