package com.burstline.server.fleet;

import com.burstline.server.system.RequestBodyExample;
import com.burstline.server.security.JoinTokens;
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
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import java.util.List;

/** Join tokens (admins): one per host, used once, listed with their state, revocable until used. */
@RestController
@RequestBodyExample("The body must be JSON as docs/agent-protocol.md describes it.")
@RequestMapping(path = "/api/v1/agents/join-tokens", produces = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Agents")
class JoinTokenApiController {
    private final AgentJoining joining;
    private final JoinTokens tokens;

    JoinTokenApiController(AgentJoining joining, JoinTokens tokens) {
        this.joining = joining;
        this.tokens = tokens;
    }

    @Operation(summary = "Add an agent: a join token for one host (admin)",
            description = "The token enrolls the named agent once (POST /api/v1/agents with it as bearer) before it "
                    + "expires (burstline.agents.join-token-lifetime, default 24 h). serverUrl (default "
                    + "burstline.agents.server-url, burstline.public-url, else this request's address) is where "
                    + "the host reaches this server; linuxDirectory and windowsDirectory where it installs. 201 "
                    + "with the secret, shown only here, warnings about the server URL, the ports the hosts open, "
                    + "and the install and uninstall blocks for Linux (dnf, apt) and Windows.")
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.CREATED)
    AgentJoining.Added add(@RequestBody AgentJoining.AddAgent request, Authentication caller) {
        return joining.add(request, caller.getName(),
                ServletUriComponentsBuilder.fromCurrentContextPath().toUriString());
    }

    @Operation(summary = "Every join token with its state: unused, used (by which agent), expired or revoked (admin)")
    @GetMapping
    List<JoinTokens.JoinTokenView> list() {
        return tokens.list();
    }

    @Operation(summary = "Revoke a join token (admin)",
            description = "An unused token stops working at once; a used one stays as it is (remove the agent to "
                    + "end its access). 404 when there is no such token.")
    @DeleteMapping("/{id}")
    JoinTokens.JoinTokenView revoke(@PathVariable long id) {
        return tokens.revoke(id).orElseThrow(() -> new JoinTokenNotFoundException(id));
    }
}
