package com.burstline.server.system;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

import org.springframework.security.core.Authentication;

import java.security.Principal;
import java.util.Set;

/**
 * What the shared layout needs on every page, whichever feature renders it: whether the navigation offers "Sign out"
 * or "Sign in" and what the signed-in role may do, and where the agents run (burstline.environment-note), so nobody takes loopback figures for a
 * network's. One place, so that no page (an error page included) forgets them.
 */
@ControllerAdvice(annotations = Controller.class)
public class PageDefaults {
    private final String environmentNote;

    public PageDefaults(ObjectProvider<BurstlineProperties> properties) {
        BurstlineProperties settings = properties.getIfAvailable();
        this.environmentNote = settings == null ? null : settings.environmentNote();
    }

    /**
     * All five in one method: Spring runs each model-attribute method of an advice for @RestController calls too
     * (the API's, every upload included), one reflective call with its own argument resolution each. Like a
     * {@code @ModelAttribute("name")} method, it leaves an attribute the model holds already (a flash attribute).
     */
    @ModelAttribute
    void addDefaults(Model model, Principal principal) {
        addIfAbsent(model, "signedIn", principal != null);
        // whether the page offers uploading, deleting and starting or cancelling jobs (operators and admins)
        addIfAbsent(model, "canOperate", hasAny(principal, "ROLE_OPERATOR", "ROLE_ADMIN"));
        // whether the navigation offers Admin (users and tokens)
        addIfAbsent(model, "isAdmin", hasAny(principal, "ROLE_ADMIN"));
        addIfAbsent(model, "signedInAs", principal == null ? null : principal.getName());
        addIfAbsent(model, "environmentNote", environmentNote);
    }

    private static void addIfAbsent(Model model, String name, Object value) {
        if (!model.containsAttribute(name)) {
            model.addAttribute(name, value);
        }
    }

    private static boolean hasAny(Principal principal, String... authorities) {
        if (!(principal instanceof Authentication authentication)) {
            return false;
        }
        Set<String> wanted = Set.of(authorities);
        return authentication.getAuthorities().stream().anyMatch(granted -> wanted.contains(granted.getAuthority()));
    }

}
