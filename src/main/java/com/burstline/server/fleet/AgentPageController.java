package com.burstline.server.fleet;

import com.burstline.server.probe.ProbeView;
import com.burstline.server.probe.Probes;
import com.burstline.server.security.JoinTokens;
import com.burstline.server.security.Role;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import java.security.Principal;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The Agents page: every agent with its facts, online or offline, when it was last heard from, and the latest burst
 * probe of each direction of its host; admins add an agent here (a join token and the commands that start it on its
 * host), remove one, which frees its name for another enrollment, and accept the new certificate of an agent whose
 * key changed.
 */
@Controller
class AgentPageController {
    private final AgentRegistry registry;
    private final Probes probes;
    private final AgentJoining joining;
    private final JoinTokens joinTokens;

    AgentPageController(AgentRegistry registry, Probes probes, AgentJoining joining, JoinTokens joinTokens) {
        this.registry = registry;
        this.probes = probes;
        this.joining = joining;
        this.joinTokens = joinTokens;
    }

    @GetMapping("/agents")
    String list(Model model, HttpServletRequest request, @RequestParam(required = false) String name,
                @RequestParam(defaultValue = "1") int page) {
        if (request.isUserInRole(Role.ADMIN.name())) {
            model.addAttribute("joinTokens", joinTokens.list());
            model.addAttribute("joinTokenHours", joining.lifetime().toHours());
            model.addAttribute("agentPorts", joining.ports().inWords());
            if (!model.containsAttribute("serverUrl")) {
                String url = joining.defaultServerUrl(
                        ServletUriComponentsBuilder.fromCurrentContextPath().toUriString());
                model.addAttribute("serverUrl", url);
                model.addAttribute("serverUrlWarnings", warnings(url));
            }
        }
        AgentListPage shown = AgentListPage.of(registry.list(), name, page);
        List<AgentView> agents = shown.agents();
        Map<String, List<ProbeView>> latest = probes.latestOf(agents.stream().map(AgentView::name).toList())
                .stream().collect(Collectors.groupingBy(ProbeView::host));
        model.addAttribute("agents", agents);
        model.addAttribute("agentPage", shown);
        model.addAttribute("probes", latest);
        model.addAttribute("heartbeatSeconds", registry.heartbeatSeconds());
        return "agents/list";
    }

    /** Add an agent: the join token and its commands are shown once, on the page this redirects to. */
    @PostMapping("/agents/join-tokens")
    String addAgent(@RequestParam(required = false) String name, @RequestParam(required = false) String serverUrl,
                    @RequestParam(required = false) String linuxDirectory,
                    @RequestParam(required = false) String windowsDirectory, Principal principal,
                    RedirectAttributes redirect) {
        try {
            AgentJoining.Added added = joining.add(new AgentJoining.AddAgent(name, serverUrl, linuxDirectory,
                    windowsDirectory), principal.getName(),
                    ServletUriComponentsBuilder.fromCurrentContextPath().toUriString());
            redirect.addFlashAttribute("added", added);
            redirect.addFlashAttribute("serverUrl", added.serverUrl());
            redirect.addFlashAttribute("serverUrlWarnings", added.serverUrlWarnings());
        } catch (InvalidAgentException refused) {
            redirect.addFlashAttribute("joinError", refused.getMessage());
            redirect.addFlashAttribute("serverUrl", serverUrl);
            redirect.addFlashAttribute("serverUrlWarnings", List.of());
        }
        redirect.addFlashAttribute("linuxDirectory", linuxDirectory);
        redirect.addFlashAttribute("windowsDirectory", windowsDirectory);
        return "redirect:/agents#join";
    }

    private static List<String> warnings(String url) {
        try {
            return AgentServerUrl.check(url).warnings();
        } catch (InvalidAgentException refused) {
            return List.of(refused.getMessage());
        }
    }

    @PostMapping("/agents/join-tokens/{id}/revoke")
    String revokeJoinToken(@PathVariable long id, RedirectAttributes redirect) {
        redirect.addFlashAttribute("joinMessage", joinTokens.revoke(id)
                .map(token -> "The join token for " + token.agentName() + " is " + token.stateText() + ".")
                .orElse("There is no join token " + id + "."));
        return "redirect:/agents#join";
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
