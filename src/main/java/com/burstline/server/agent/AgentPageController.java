package com.burstline.server.agent;

import com.burstline.server.system.BurstlineProperties;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;

import java.security.Principal;

/** The Agents page: every agent with its facts, online or offline, and when it was last heard from. */
@Controller
class AgentPageController {
    private final AgentRegistry registry;
    private final String environmentNote;

    AgentPageController(AgentRegistry registry, BurstlineProperties properties) {
        this.registry = registry;
        this.environmentNote = properties.environmentNote();
    }

    /** The layout's navigation shows "Sign out" or "Sign in". */
    @ModelAttribute("signedIn")
    boolean signedIn(Principal principal) {
        return principal != null;
    }

    /** Where the agents run (burstline.environment-note), so nobody takes loopback figures for a network's. */
    @ModelAttribute("environmentNote")
    String environmentNote() {
        return environmentNote;
    }

    @GetMapping("/agents")
    String list(Model model) {
        model.addAttribute("agents", registry.list());
        model.addAttribute("heartbeatSeconds", registry.heartbeatSeconds());
        return "agents/list";
    }
}
