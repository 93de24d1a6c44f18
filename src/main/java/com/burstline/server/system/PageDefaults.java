package com.burstline.server.system;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Controller;
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

    @ModelAttribute("signedIn")
    boolean signedIn(Principal principal) {
        return principal != null;
    }

    /** Whether the page offers uploading, deleting and starting or cancelling jobs (operators and admins). */
    @ModelAttribute("canOperate")
    boolean canOperate(Principal principal) {
        return hasAny(principal, "ROLE_OPERATOR", "ROLE_ADMIN");
    }

    /** Whether the navigation offers Admin (users and tokens). */
    @ModelAttribute("isAdmin")
    boolean isAdmin(Principal principal) {
        return hasAny(principal, "ROLE_ADMIN");
    }

    @ModelAttribute("signedInAs")
    String signedInAs(Principal principal) {
        return principal == null ? null : principal.getName();
    }

    private static boolean hasAny(Principal principal, String... authorities) {
        if (!(principal instanceof Authentication authentication)) {
            return false;
        }
        Set<String> wanted = Set.of(authorities);
        return authentication.getAuthorities().stream().anyMatch(granted -> wanted.contains(granted.getAuthority()));
    }

    @ModelAttribute("environmentNote")
    String environmentNote() {
        return environmentNote;
    }
}
