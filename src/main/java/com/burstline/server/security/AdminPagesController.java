package com.burstline.server.security;

import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.function.Supplier;

/** Admin → Users and Admin → Tokens: the same actions as /api/v1/users and /api/v1/tokens, as forms. */
@Controller
class AdminPagesController {
    private static final List<String> ROLES = List.of("viewer", "operator", "admin");

    private final UserAccounts users;
    private final ApiTokens tokens;

    AdminPagesController(UserAccounts users, ApiTokens tokens) {
        this.users = users;
        this.tokens = tokens;
    }

    @GetMapping("/admin")
    String admin() {
        return "redirect:/admin/users";
    }

    @GetMapping("/admin/users")
    String users(Model model) {
        model.addAttribute("users", users.list());
        model.addAttribute("roles", ROLES);
        return "admin/users";
    }

    @PostMapping("/admin/users")
    String createUser(@RequestParam String username, @RequestParam String password, @RequestParam String role,
                      RedirectAttributes flash) {
        return act(flash, "/admin/users", () -> "User '" + users.create(username, password, Role.parse(role))
                .username() + "' was created.");
    }

    @PostMapping("/admin/users/{username}/role")
    String changeRole(@PathVariable String username, @RequestParam String role, RedirectAttributes flash) {
        return act(flash, "/admin/users", () -> "'" + users.update(username, Role.parse(role), null).username()
                + "' is now " + Role.parse(role).label() + ".");
    }

    @PostMapping("/admin/users/{username}/delete")
    String deleteUser(@PathVariable String username, RedirectAttributes flash) {
        return act(flash, "/admin/users", () -> {
            users.delete(username);
            return "User '" + username + "' was deleted.";
        });
    }

    @GetMapping("/admin/tokens")
    String tokens(Model model) {
        model.addAttribute("tokens", tokens.list());
        model.addAttribute("roles", ROLES);
        return "admin/tokens";
    }

    @PostMapping("/admin/tokens")
    String createToken(@RequestParam String name, @RequestParam String role,
                       @RequestParam(required = false) String expires, Authentication caller,
                       RedirectAttributes flash) {
        return act(flash, "/admin/tokens", () -> {
            ApiTokens.IssuedToken issued = tokens.issue(TokenRequests.name(name), Role.parse(role),
                    TokenRequests.expiry(endOfDay(expires)), tokens.ownerOf(caller));
            flash.addFlashAttribute("secret", issued.secret());
            return "Token '" + issued.token().name() + "' was created. Copy it now: it is not shown again.";
        });
    }

    @PostMapping("/admin/tokens/{id}/revoke")
    String revoke(@PathVariable long id, RedirectAttributes flash) {
        return act(flash, "/admin/tokens", () -> "Token '" + tokens.revoke(id).name() + "' was revoked.");
    }

    private static String act(RedirectAttributes flash, String page, Supplier<String> action) {
        try {
            flash.addFlashAttribute("message", action.get());
        } catch (InvalidAccessRequestException | AccessConflictException | AccessNotFoundException refused) {
            flash.addFlashAttribute("error", refused.getMessage());
        }
        return "redirect:" + page;
    }

    /** The form's date picker gives a day; the token works until that day ends (UTC). */
    private static java.time.Instant endOfDay(String day) {
        if (day == null || day.isBlank()) {
            return null;
        }
        try {
            return LocalDate.parse(day.strip()).plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeParseException e) {
            throw new InvalidAccessRequestException("The expiry must be a date like 2027-01-31.");
        }
    }
}
