package com.burstline.server.agent;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/** Registration and heartbeats (agent token), and the public list of agents. See docs/agent-protocol.md. */
@RestController
@RequestMapping(path = "/api/v1/agents", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Agents", description = "Measurement hosts: agents register and send heartbeats with the agent token")
class AgentApiController {
    private final AgentRegistry registry;

    AgentApiController(AgentRegistry registry) {
        this.registry = registry;
    }

    record Registered(String name, int heartbeatSeconds) {
    }

    record Heartbeat(Boolean busy) {
    }

    @Operation(summary = "Register an agent, or update it (agent token)",
            description = "Registering again under the same name replaces the agent's URL, test address, version "
                    + "and facts. The first certificateSha256 announced is pinned; a different one later is "
                    + "recorded but not trusted until an admin accepts it.")
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    Registered register(@RequestBody AgentRegistration registration) {
        AgentView agent = registry.register(registration);
        return new Registered(agent.name(), registry.heartbeatSeconds());
    }

    @Operation(summary = "An agent is alive (agent token)",
            description = "404 when the server does not know the agent: it should register again.")
    @PostMapping("/{name}/heartbeat")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void heartbeat(@PathVariable String name, @RequestBody(required = false) Heartbeat heartbeat) {
        registry.heartbeat(AgentRules.checkName(name), heartbeat != null && Boolean.TRUE.equals(heartbeat.busy()));
    }

    @Operation(summary = "Accept the TLS certificate the agent announces now (admin)",
            description = "After an agent's key changed, calls to it are refused until an admin accepts its new "
                    + "certificate: its fingerprint becomes the pin every call is checked against.")
    @PostMapping("/{name}/certificate")
    AgentView acceptCertificate(@PathVariable String name) {
        return registry.acceptCertificate(AgentRules.checkName(name));
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
