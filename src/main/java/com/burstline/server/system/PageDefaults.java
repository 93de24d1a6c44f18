package com.burstline.server.system;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

import java.security.Principal;

/**
 * What the shared layout needs on every page, whichever feature renders it: whether the navigation offers "Sign out"
 * or "Sign in", and where the agents run (burstline.environment-note), so nobody takes loopback figures for a
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

    @ModelAttribute("environmentNote")
    String environmentNote() {
        return environmentNote;
    }
}
