package com.burstline.server.security;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The sign-in page's "Change your password" form. Open like sign-in itself, since the current password proves who
 * asks, and limited like it: a wrong current password counts against the address and the account, and either
 * locked out is refused before the password is checked (SignInLimitFilter, FailureLimiter). The new password's
 * rules are checked first, so the answer tells nothing of the current password until it is right. The user's
 * sessions end; they sign in again.
 */
@Controller
class PasswordPageController {
    static final String PATH = "/login/password";

    private final UserAccounts users;
    private final FailureLimiter limiter;

    PasswordPageController(UserAccounts users, FailureLimiter limiter) {
        this.users = users;
        this.limiter = limiter;
    }

    @PostMapping(PATH)
    String change(@RequestParam String username, @RequestParam String currentPassword,
                  @RequestParam String newPassword, HttpServletRequest request, RedirectAttributes flash) {
        try {
            users.changeOwnPassword(username.strip().toLowerCase(java.util.Locale.ROOT), currentPassword,
                    newPassword);
            return "redirect:/login?password-changed";
        } catch (WrongPasswordException wrong) {
            limiter.failed(request);
            limiter.failedAccount(username);
            flash.addFlashAttribute("passwordError", wrong.getMessage());
        } catch (InvalidAccessRequestException invalid) {
            flash.addFlashAttribute("passwordError", "The new " + invalid.getMessage());
        }
        return "redirect:/login#change-password";
    }
}
