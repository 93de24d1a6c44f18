package com.burstline.server.agent;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The Agents page: every agent with its facts, online or offline, and when it was last heard from; admins remove an
 * agent here, which frees its name for another enrollment, and accept the new certificate of an agent whose key
 * changed.
 */
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

    @PostMapping("/agents/{name}/delete")
    String remove(@PathVariable String name, RedirectAttributes redirect) {
        try {
            registry.remove(AgentRules.checkName(name));
            redirect.addFlashAttribute("message", "Agent " + name + " was removed: its secret no longer works, and "
                    + "an agent may enroll under its name again.");
        } catch (AgentNotFoundException | InvalidAgentException gone) {
            redirect.addFlashAttribute("message", gone.getMessage());
        }
        return "redirect:/agents";
    }

    /** The form sends the fingerprint the admin was shown, so a certificate announced since is not what they accept. */
    @PostMapping("/agents/{name}/certificate")
    String acceptCertificate(@PathVariable String name, @RequestParam(required = false) String sha256,
                             RedirectAttributes redirect) {
        try {
            AgentView agent = registry.acceptCertificate(AgentRules.checkName(name),
                    AgentRules.checkExpectedFingerprint(sha256));
            String pin = agent.certificate().pinnedSha256();
            redirect.addFlashAttribute("message", pin == null ? "Agent " + name + " is now reached over plain HTTP."
                    : "Agent " + name + "'s certificate SHA-256 " + pin + " is now pinned: the server calls it again.");
        } catch (AgentNotFoundException | InvalidAgentException | CertificateMovedException refused) {
            redirect.addFlashAttribute("message", refused.getMessage());
        }
        return "redirect:/agents";
    }
}
