package com.burstline.server.security;

import com.burstline.server.system.RequestBodyExample;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.security.Principal;
import java.time.Instant;
import java.util.List;

/** Users and API tokens (admin only, see AccessRules), and each user's own password. */
@RestController
@RequestBodyExample("The body must be a JSON object with the fields this call's documentation lists, and no others.")
@Tag(name = "Access", description = "Users and API tokens (admin)")
class AccessApiController {
    private final UserAccounts users;
    private final ApiTokens tokens;
    private final FailureLimiter limiter;

    AccessApiController(UserAccounts users, ApiTokens tokens, FailureLimiter limiter) {
        this.users = users;
        this.tokens = tokens;
        this.limiter = limiter;
    }

    record PasswordChange(String currentPassword, String newPassword) {
    }

    record NewUser(String username, String password, String role) {
    }

    record UserChange(String role, String password) {
    }

    record NewToken(String name, String role, Instant expiresAt) {
    }

    @Operation(summary = "Every user with their role (admin)")
    @GetMapping(path = "/api/v1/users", produces = MediaType.APPLICATION_JSON_VALUE)
    List<UserAccounts.UserView> users() {
        return users.list();
    }

    @Operation(summary = "Create a user (admin)", description = "role: viewer, operator or admin; the password "
            + "needs at least 12 characters. 409 when the name is taken.")
    @PostMapping(path = "/api/v1/users", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<UserAccounts.UserView> createUser(@RequestBody NewUser request) {
        UserAccounts.UserView user = users.create(request.username(), request.password(), Role.parse(request.role()));
        return ResponseEntity.created(URI.create("/api/v1/users/" + user.username())).body(user);
    }

    @Operation(summary = "Change a user's role or password (admin)", description = "409 when it would leave no admin.")
    @PatchMapping(path = "/api/v1/users/{username}", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    UserAccounts.UserView updateUser(@PathVariable String username, @RequestBody UserChange change) {
        return users.update(username, change.role() == null ? null : Role.parse(change.role()), change.password());
    }

    @Operation(summary = "Delete a user (admin)", description = "409 for the last admin.")
    @DeleteMapping("/api/v1/users/{username}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void deleteUser(@PathVariable String username) {
        users.delete(username);
    }

    @Operation(summary = "Change your own password (any signed-in user)", description = "currentPassword proves it "
            + "is you; newPassword needs 12 characters to 72 bytes (checked first). A wrong currentPassword counts "
            + "against your account and your address: 429 once either is locked out. Every session of yours ends, this one included: "
            + "sign in again with the new password. A token has no password (400).")
    @PostMapping(path = "/api/v1/me/password", consumes = MediaType.APPLICATION_JSON_VALUE)
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void changeOwnPassword(@RequestBody PasswordChange change, Principal principal, HttpServletRequest request,
                           HttpServletResponse response) {
        String name = principal.getName();
        if (name.startsWith("token:") || name.equals(TokenAuthenticators.BOOTSTRAP_NAME)) {
            throw new InvalidAccessRequestException("You are signed in with an API token, which has no password; "
                    + "sign in with your user name and password to change it.");
        }
        Long locked = limiter.lockedFor(request, name);
        if (locked != null) {
            response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(locked));
            throw new TooManyFailuresException(locked);
        }
        try {
            users.changeOwnPassword(name, change.currentPassword(), change.newPassword());
        } catch (WrongPasswordException wrong) {
            limiter.failed(request);
            limiter.failedAccount(name);
            throw new InvalidAccessRequestException("currentPassword is not your current password.");
        }
    }

    @Operation(summary = "Every API token with its role, expiry and last use; never the secret (admin)")
    @GetMapping(path = "/api/v1/tokens", produces = MediaType.APPLICATION_JSON_VALUE)
    List<ApiTokens.TokenView> tokens() {
        return tokens.list();
    }

    @Operation(summary = "Create an API token (admin)", description = "name, role (viewer, operator, admin) and an "
            + "optional expiresAt in the future. The token belongs to you (a token made with a token belongs to "
            + "that token's user), can do no more than you, and ends when you are deleted or demoted. The answer's secret is shown this once: only its hash is kept.")
    @PostMapping(path = "/api/v1/tokens", consumes = MediaType.APPLICATION_JSON_VALUE,
            produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<ApiTokens.IssuedToken> createToken(@RequestBody NewToken request, Authentication caller) {
        ApiTokens.IssuedToken issued = tokens.issue(TokenRequests.name(request.name()), Role.parse(request.role()),
                TokenRequests.expiry(request.expiresAt()), tokens.ownerOf(caller));
        return ResponseEntity.created(URI.create("/api/v1/tokens/" + issued.token().id())).body(issued);
    }

    @Operation(summary = "Revoke an API token at once (admin)", description = "The token stays listed as revoked.")
    @DeleteMapping(path = "/api/v1/tokens/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    ApiTokens.TokenView revokeToken(@PathVariable long id) {
        return tokens.revoke(id);
    }
}
