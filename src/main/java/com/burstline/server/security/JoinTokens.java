package com.burstline.server.security;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Join tokens: each enrolls one agent, once, before it expires (see V22__agent_join_tokens.sql). The secret is shown
 * once, when an admin adds an agent; the database keeps only its SHA-256. A token is marked used in the same
 * transaction that enrolls the agent, so two hosts racing with one token cannot both get in.
 */
@Service
public class JoinTokens {
    /** Join tokens look different from API tokens, so that a leaked one is recognised and checked in its own table. */
    static final String PREFIX = TokenSecrets.TOKEN_PREFIX + "join_";
    private static final String COLUMNS = "id, agent_name, created_by, created_at, expires_at, used_at, used_by, "
            + "revoked_at";

    private final JdbcClient jdbc;
    private final Clock clock = Clock.systemUTC();

    JoinTokens(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * A join token as listed, never its secret. {@code agentName}: the only name it enrolls, or null for any;
     * {@code state}: unused, used, expired or revoked; {@code stateText} says it in words ("used by lab-c").
     */
    public record JoinTokenView(long id, String agentName, String createdBy, Instant createdAt, Instant expiresAt,
                                Instant usedAt, String usedBy, Instant revokedAt, String state, String stateText) {
        public boolean unused() {
            return state.equals("unused");
        }
    }

    /** The answer to adding an agent: the only time the secret is shown. */
    public record IssuedJoinToken(JoinTokenView token, String secret) {
    }

    /** Who presented a valid join token, on the agent calls and the agent jar download. */
    public record Holder(long id, String agentName) {
        @Override
        public String toString() {
            return "join-token:" + id;
        }
    }

    static boolean looksLikeJoinToken(String secret) {
        return secret != null && secret.startsWith(PREFIX);
    }

    @Transactional
    public IssuedJoinToken issue(String agentName, Instant expiresAt, String createdBy) {
        String secret = PREFIX + TokenSecrets.random(32);
        var keys = new GeneratedKeyHolder();
        jdbc.sql("INSERT INTO agent_join_token (agent_name, token_hash, created_by, created_at, expires_at) "
                        + "VALUES (?, ?, ?, ?, ?)")
                .params(agentName, TokenSecrets.sha256(secret), createdBy, time(clock.instant()), time(expiresAt))
                .update(keys, "id");
        long id = Objects.requireNonNull(keys.getKeyAs(Number.class), "no id generated").longValue();
        return new IssuedJoinToken(find(id).orElseThrow(), secret);
    }

    public List<JoinTokenView> list() {
        return jdbc.sql("SELECT " + COLUMNS + " FROM agent_join_token ORDER BY id DESC").query(this::view).list();
    }

    public Optional<JoinTokenView> find(long id) {
        return jdbc.sql("SELECT " + COLUMNS + " FROM agent_join_token WHERE id = ?").param(id).query(this::view)
                .optional();
    }

    /** Revokes an unused token at once; revoking twice, or a used token, changes nothing. Empty for no such token. */
    @Transactional
    public Optional<JoinTokenView> revoke(long id) {
        jdbc.sql("UPDATE agent_join_token SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL AND used_at IS NULL")
                .params(time(clock.instant()), id).update();
        return find(id);
    }

    /**
     * The holder of a presented secret that may still enroll.
     *
     * @throws JoinTokenRefusedException saying why not: unknown, used by whom, expired when, revoked when
     */
    Holder check(String secret) {
        JoinTokenView token = jdbc.sql("SELECT " + COLUMNS + " FROM agent_join_token WHERE token_hash = ?")
                .param(TokenSecrets.sha256(secret)).query(this::view).optional()
                .orElseThrow(() -> new JoinTokenRefusedException("This join token is not known to this server: an "
                        + "admin adds an agent on the Agents page (Add an agent) and copies the commands shown."));
        refuseUnlessUnused(token);
        return new Holder(token.id(), token.agentName());
    }

    /**
     * Marks the token used by this agent; called inside the transaction that enrolls it.
     *
     * @throws JoinTokenRefusedException when it was used, revoked or expired since it was checked, or is for another
     *                                   name
     */
    public void consume(Holder holder, String agentName) {
        if (holder.agentName() != null && !holder.agentName().equals(agentName)) {
            throw new JoinTokenRefusedException("This join token enrolls only the agent '" + holder.agentName()
                    + "', not '" + agentName + "': start the agent with --name " + holder.agentName() + ".");
        }
        Instant now = clock.instant();
        int marked = jdbc.sql("UPDATE agent_join_token SET used_at = ?, used_by = ? WHERE id = ? AND used_at IS NULL "
                        + "AND revoked_at IS NULL AND expires_at > ?")
                .params(time(now), agentName, holder.id(), time(now)).update();
        if (marked == 0) {
            refuseUnlessUnused(find(holder.id()).orElseThrow(() -> new JoinTokenRefusedException(
                    "This join token was deleted.")));
        }
    }

    private static void refuseUnlessUnused(JoinTokenView token) {
        switch (token.state()) {
            case "used" -> throw new JoinTokenRefusedException("This join token was already used by agent '"
                    + token.usedBy() + "' at " + token.usedAt() + ": each enrolls one agent, once. Add another agent "
                    + "on the Agents page for a new host.");
            case "revoked" -> throw new JoinTokenRefusedException("This join token was revoked at "
                    + token.revokedAt() + ". Add the agent again on the Agents page for a new token.");
            case "expired" -> throw new JoinTokenRefusedException("This join token expired at " + token.expiresAt()
                    + ". Add the agent again on the Agents page for a new token.");
            default -> {
            }
        }
    }

    private JoinTokenView view(ResultSet row, int number) throws SQLException {
        Instant expiresAt = instant(row, "expires_at");
        Instant usedAt = instant(row, "used_at");
        Instant revokedAt = instant(row, "revoked_at");
        String usedBy = row.getString("used_by");
        String state = usedAt != null ? "used" : revokedAt != null ? "revoked"
                : !expiresAt.isAfter(clock.instant()) ? "expired" : "unused";
        String stateText = state.equals("used") ? "used by " + usedBy : state;
        return new JoinTokenView(row.getLong("id"), row.getString("agent_name"), row.getString("created_by"),
                instant(row, "created_at"), expiresAt, usedAt, usedBy, revokedAt, state, stateText);
    }

    private static Instant instant(ResultSet row, String column) throws SQLException {
        OffsetDateTime value = row.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }

    private static OffsetDateTime time(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }
}
