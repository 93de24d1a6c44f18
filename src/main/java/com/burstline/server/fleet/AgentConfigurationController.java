package com.burstline.server.fleet;

import com.burstline.server.hostconfig.HostConfigView;
import com.burstline.server.hostconfig.HostConfigViews;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.ResponseBody;

import java.util.List;

/** An agent's latest host configuration and its audit against the vendor's advice: the API and the agent's page. */
@Controller
@Tag(name = "Agents")
class AgentConfigurationController {
    private final AgentRegistry agents;
    private final HostConfigViews views;

    AgentConfigurationController(AgentRegistry agents, HostConfigViews views) {
        this.agents = agents;
        this.views = views;
    }

    /** {@code hosts} holds the latest configuration, or nothing before the agent's first scenario. */
    record AgentConfiguration(String agent, List<HostConfigView> hosts) {
    }

    @Operation(summary = "The agent's latest host configuration, audited against the vendor's advice",
            description = "Read before the last scenario the agent took part in, for the interface towards the "
                    + "other host; hosts is empty before its first scenario.")
    @GetMapping(path = "/api/v1/agents/{name}/configuration", produces = MediaType.APPLICATION_JSON_VALUE)
    @ResponseBody
    AgentConfiguration configuration(@PathVariable String name) {
        AgentView agent = agents.find(name).orElseThrow(() -> new AgentNotFoundException(name));
        HostConfigView latest = views.latestOf(agent.name());
        return new AgentConfiguration(agent.name(), latest == null ? List.of() : List.of(latest));
    }

    @GetMapping("/agents/{name}/configuration")
    String page(@PathVariable String name, Model model) {
        AgentView agent = agents.find(name).orElseThrow(() -> new AgentNotFoundException(name));
        model.addAttribute("agent", agent);
        model.addAttribute("menu", "agents");
        return "agents/configuration";
    }
}
