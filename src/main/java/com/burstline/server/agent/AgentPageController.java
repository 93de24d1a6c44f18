package com.burstline.server.agent;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/** The Agents page: every agent with its facts, online or offline, and when it was last heard from. */
@Controller
class AgentPageController {
    private final AgentRegistry registry;

    AgentPageController(AgentRegistry registry) {
        this.registry = registry;
    }

    @GetMapping("/agents")
    String list(Model model) {
        model.addAttribute("agents", registry.list());
        model.addAttribute("heartbeatSeconds", registry.heartbeatSeconds());
        return "agents/list";
    }
}
