package com.burstline.server.security;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;

/**
 * Named API tokens with a role and an optional expiry. A token is shown once, when it is issued; the database keeps
 * only its SHA-256 (see V6__users_and_tokens.sql). Revoking keeps the row, so the list still says who had access.
 */
@Service
public class ApiTokens {
    /** Last use is written at most this often per token, so that a busy client does not turn reads into writes. */
    private static final Duration LAST_USE_GRANULARITY = Duration.ofMinutes(1);
    private static final String COLUMNS = "id, name, role, created_by, created_at, expires_at, last_used_at, "
            + "revoked_at, bootstrap";

    private final JdbcClient jdbc;
    private final Clock clock;

    @Autowired
    ApiTokens(JdbcClient jdbc) {
        this(jdbc, Clock.systemUTC());
    }

    ApiTokens(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /**
     * A token as listed: never the secret.
     *
     * @param bootstrap whether it is the bootstrap token (burstline.api-token or the data dir's api-token file)
     */
    public record TokenView(long id, String name, String role, String createdBy, Instant createdAt,
                            Instant expiresAt, Instant lastUsedAt, Instant revokedAt, String status,
                            boolean bootstrap) {
    }

    /** The answer to issuing a token: the only time the secret is shown. */
    public record IssuedToken(TokenView token, String secret) {
    }

    /** What a presented bearer secret turned out to be. */
    record Check(TokenView token, String problem) {
        boolean valid() {
            return problem == null;
        }
    }

    /**
     * @param owner the user the token belongs to ({@link #ownerOf}), or the bootstrap token's name; the token can do
     *              no more than the owner's role, and ends with the owner
     * @throws AccessConflictException when the role is above the owner's
     */
    @Transactional
    public IssuedToken issue(String name, Role role, Instant expiresAt, String owner) {
        Role ownerRole = roleOf(owner).orElseThrow(() -> new AccessConflictException("'" + owner + "' is no "
                + "longer a user, so no token can be made for them."));
        if (!ownerRole.includes(role)) {
            throw new AccessConflictException("A token can do no more than its user: '" + owner + "' is "
                    + ownerRole.label() + ", not " + role.label() + ".");
        }
        String createdBy = owner;
        String secret = TokenSecrets.generate();
        var keys = new GeneratedKeyHolder();
        jdbc.sql("INSERT INTO api_token (name, role, token_hash, created_by, created_at, expires_at) "
                        + "VALUES (?, ?, ?, ?, ?, ?)")
                .params(name, role.name(), TokenSecrets.sha256(secret), createdBy, time(clock.instant()),
                        time(expiresAt))
                .update(keys, "id");
        long id = Objects.requireNonNull(keys.getKeyAs(Number.class), "no id generated").longValue();
        return new IssuedToken(get(id), secret);
    }

    /**
     * Whom a token made by this caller belongs to: the signed-in user, the user a token the caller used belongs to
     * (a token minted by a token is its user's, not the first token's, and ends with that user), or the bootstrap
     * token.
     */
    public String ownerOf(Authentication caller) {
        if (caller.getDetails() instanceof SessionGrant grant && grant.tokenId() != null) {
            return jdbc.sql("SELECT created_by FROM api_token WHERE id = ?").param(grant.tokenId())
                    .query(String.class).optional()
                    .orElseThrow(() -> new AccessNotFoundException("The token this call was made with is gone."));
        }
        return caller.getName();
    }

    /** The owner's role now: the bootstrap token is an admin; a user their role; empty for a user deleted. */
    private java.util.Optional<Role> roleOf(String owner) {
        if (TokenAuthenticators.BOOTSTRAP_NAME.equals(owner)) {
            return java.util.Optional.of(Role.ADMIN);
        }
        return jdbc.sql("SELECT role FROM app_user WHERE username = ?").param(owner).query(String.class).optional()
                .map(Role::valueOf);
    }

    /**
     * Lists the bootstrap token as a token of its own, so that it can be seen and revoked like the others. A token
     * already listed stays as it is, revoked too: a restart does not bring a revoked bootstrap token back. One that
     * replaced another (a new burstline.api-token, or a new file) revokes the bootstrap token before it.
     */
    @Transactional
    void registerBootstrap(ApiToken bootstrap, String name) {
        String hash = bootstrap.sha256();
        if (jdbc.sql("SELECT COUNT(*) FROM api_token WHERE token_hash = ?").param(hash).query(Long.class).single() > 0) {
            return;
        }
        jdbc.sql("UPDATE api_token SET revoked_at = ? WHERE bootstrap = TRUE AND revoked_at IS NULL")
                .param(time(clock.instant())).update();
        jdbc.sql("INSERT INTO api_token (name, role, token_hash, created_by, created_at, bootstrap) "
                        + "VALUES (?, ?, ?, ?, ?, TRUE)")
                .params(name, Role.ADMIN.name(), hash, TokenAuthenticators.BOOTSTRAP_NAME, time(clock.instant()))
                .update();
    }

    public List<TokenView> list() {
        return jdbc.sql("SELECT " + COLUMNS + " FROM api_token ORDER BY id").query(this::view).list();
    }

    TokenView get(long id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM api_token WHERE id = ?").param(id).query(this::view)
                .optional().orElseThrow(() -> new AccessNotFoundException("There is no token " + id + "."));
    }

    /** Revokes at once: the next request with this token is refused. Revoking twice changes nothing. */
    @Transactional
    public TokenView revoke(long id) {
        get(id);
        jdbc.sql("UPDATE api_token SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")
                .params(time(clock.instant()), id).update();
        return get(id);
    }

    /** Whether the token a session signed in with may still be used (neither revoked nor expired). */
    boolean active(long id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM api_token WHERE id = ?").param(id).query(this::view)
                .optional().filter(token -> token.status().equals("active")).filter(this::ownerStillHolds)
                .isPresent();
    }

    /**
     * A token ends with its owner: deleting or demoting a user revokes their tokens ({@link #revokeCreatedBy},
     * {@link #revokeAbove}), and this check holds the line too for a token whose user went in between.
     */
    private boolean ownerStillHolds(TokenView token) {
        return roleOf(token.createdBy()).filter(role -> role.includes(Role.parse(token.role()))).isPresent();
    }

    /** A deleted user's tokens go with them. */
    void revokeCreatedBy(String username) {
        jdbc.sql("UPDATE api_token SET revoked_at = ? WHERE created_by = ? AND revoked_at IS NULL")
                .params(time(clock.instant()), username).update();
    }

    /** A user given a lower role keeps no token they minted that could do more than they now may. */
    void revokeAbove(String username, Role role) {
        List<String> above = java.util.Arrays.stream(Role.values()).filter(other -> !role.includes(other))
                .map(Role::name).toList();
        if (!above.isEmpty()) {
            jdbc.sql("UPDATE api_token SET revoked_at = :now WHERE created_by = :user AND role IN (:roles) "
                            + "AND revoked_at IS NULL")
                    .param("now", time(clock.instant())).param("user", username).param("roles", above).update();
        }
    }

    /** Looks a presented secret up by its hash; a valid token's last use is brought up to date. */
    Check check(String secret) {
        var found = jdbc.sql("SELECT " + COLUMNS + " FROM api_token WHERE token_hash = ?")
                .param(TokenSecrets.sha256(secret)).query(this::view).optional();
        if (found.isEmpty()) {
            return new Check(null, "unknown");
        }
        TokenView token = found.get();
        if (!token.status().equals("active")) {
            return new Check(token, token.status());
        }
        if (!ownerStillHolds(token)) {
            return new Check(token, "revoked");
        }
        Instant now = clock.instant();
        jdbc.sql("UPDATE api_token SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at < ?)")
                .params(time(now), token.id(), time(now.minus(LAST_USE_GRANULARITY))).update();
        return new Check(token, null);
    }

    private TokenView view(ResultSet row, int number) throws SQLException {
        Instant expiresAt = instant(row, "expires_at");
        Instant revokedAt = instant(row, "revoked_at");
        String status = revokedAt != null ? "revoked"
                : expiresAt != null && !expiresAt.isAfter(clock.instant()) ? "expired" : "active";
        return new TokenView(row.getLong("id"), row.getString("name"), Role.valueOf(row.getString("role")).label(),
                row.getString("created_by"), instant(row, "created_at"), expiresAt, instant(row, "last_used_at"),
                revokedAt, status, row.getBoolean("bootstrap"));
    }

    private static Instant instant(ResultSet row, String column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    private static OffsetDateTime time(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }
}
