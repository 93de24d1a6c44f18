package com.burstline.server.security;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The people who sign in: a name, a role and a password kept only as an adaptive hash. Taking access away (another
 * role or password, deleting the user) ends the user's sessions (SessionCheckFilter reads {@link #stamp}) and the
 * tokens they minted that now outrank them.
 */
@Service
public class UserAccounts implements UserDetailsService {
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");

    /** A hash no password matches, checked for an unknown user so that it takes a wrong password's time. */
    private final String unknownUserHash;
    private final JdbcClient jdbc;
    private final PasswordEncoder passwords;
    private final ApiTokens tokens;
    private final ApplicationEventPublisher events;

    UserAccounts(JdbcClient jdbc, PasswordEncoder passwords, ApiTokens tokens, ApplicationEventPublisher events) {
        this.jdbc = jdbc;
        this.passwords = passwords;
        this.unknownUserHash = passwords.encode(java.util.UUID.randomUUID().toString());
        this.tokens = tokens;
        this.events = events;
    }

    public record UserView(String username, String role, Instant createdAt) {
    }

    /** A user's password stopped being theirs (changed, or the user deleted): its copies on disk can go. */
    record PasswordRetired(String username) {
    }

    @Override
    public UserDetails loadUserByUsername(String username) {
        return jdbc.sql("SELECT username, password_hash, role FROM app_user WHERE username = ?")
                .param(username == null ? "" : username.strip().toLowerCase(Locale.ROOT))
                .query((row, number) -> User.withUsername(row.getString("username"))
                        .password(row.getString("password_hash"))
                        .authorities(AuthorityUtils.createAuthorityList(Role.valueOf(row.getString("role"))
                                .authority()))
                        .build())
                .optional().orElseThrow(() -> new UsernameNotFoundException("no such user"));
    }

    /** The {@link SessionGrant#stamp} of the user as stored now; empty once the user is gone. */
    Optional<String> stamp(String username) {
        return jdbc.sql("SELECT password_hash, role FROM app_user WHERE username = ?").param(username)
                .query((row, number) -> SessionGrant.stamp(username, Role.valueOf(row.getString("role")).authority(),
                        row.getString("password_hash")))
                .optional();
    }

    public List<UserView> list() {
        return jdbc.sql("SELECT username, role, created_at FROM app_user ORDER BY username")
                .query((row, number) -> new UserView(row.getString("username"),
                        Role.valueOf(row.getString("role")).label(),
                        row.getObject("created_at", OffsetDateTime.class).toInstant()))
                .list();
    }

    boolean isEmpty() {
        return jdbc.sql("SELECT COUNT(*) FROM app_user").query(Long.class).single() == 0;
    }

    @Transactional
    public UserView create(String username, String password, Role role) {
        String name = checkName(username);
        Passwords.check(password);
        if (exists(name)) {
            throw new AccessConflictException("There is already a user '" + name + "'.");
        }
        jdbc.sql("INSERT INTO app_user (username, password_hash, role, created_at) VALUES (?, ?, ?, ?)")
                .params(name, passwords.encode(password), role.name(), OffsetDateTime.now(ZoneOffset.UTC))
                .update();
        return find(name);
    }

    /** Changes the role, the password or both (null leaves it as it is). The last admin stays an admin. */
    @Transactional
    public UserView update(String username, Role role, String password) {
        lockAccessChanges();
        UserView user = find(username);
        if (role != null) {
            if (!role.equals(Role.ADMIN)) {
                keepAnAdmin(user);
            }
            jdbc.sql("UPDATE app_user SET role = ? WHERE username = ?").params(role.name(), user.username())
                    .update();
            tokens.revokeAbove(user.username(), role);
        }
        if (password != null) {
            setPassword(user.username(), password);
        }
        return find(user.username());
    }

    /**
     * A user's own change: the current password proves it is them. The new password's rules are checked first, so
     * that the answer says nothing of the current password until it is right and the change is made; a wrong
     * current password and an unknown user look alike, in words and in time (a hash is checked either way).
     */
    @Transactional
    public void changeOwnPassword(String username, String current, String password) {
        Passwords.check(password);
        String hash = jdbc.sql("SELECT password_hash FROM app_user WHERE username = ?").param(username)
                .query(String.class).optional().orElse(null);
        boolean matches = current != null && !Passwords.tooLong(current)
                && passwords.matches(current, hash != null ? hash : unknownUserHash);
        if (hash == null || !matches) {
            throw new WrongPasswordException();
        }
        setPassword(username, password);
    }

    /** Deletes the user and revokes every token they minted, which would otherwise outlive them. */
    @Transactional
    public void delete(String username) {
        lockAccessChanges();
        UserView user = find(username);
        keepAnAdmin(user);
        jdbc.sql("DELETE FROM app_user WHERE username = ?").param(user.username()).update();
        tokens.revokeCreatedBy(user.username());
        events.publishEvent(new PasswordRetired(user.username()));
    }

    private void setPassword(String username, String password) {
        Passwords.check(password);
        jdbc.sql("UPDATE app_user SET password_hash = ? WHERE username = ?")
                .params(passwords.encode(password), username).update();
        events.publishEvent(new PasswordRetired(username));
    }

    UserView find(String username) {
        String name = username == null ? "" : username.strip().toLowerCase(Locale.ROOT);
        return list().stream().filter(user -> user.username().equals(name)).findFirst()
                .orElseThrow(() -> new AccessNotFoundException("There is no user '" + username + "'."));
    }

    private boolean exists(String name) {
        return jdbc.sql("SELECT COUNT(*) FROM app_user WHERE username = ?").param(name).query(Long.class)
                .single() > 0;
    }

    /**
     * Changes that could take away the last admin run one at a time: each locks the one row of access_lock until it
     * commits, and only then counts the admins, so the second of two deletes at once counts after the first.
     */
    private void lockAccessChanges() {
        jdbc.sql("SELECT id FROM access_lock WHERE id = 1 FOR UPDATE").query(Integer.class).optional();
    }

    private void keepAnAdmin(UserView user) {
        long admins = jdbc.sql("SELECT COUNT(*) FROM app_user WHERE role = ?").param(Role.ADMIN.name())
                .query(Long.class).single();
        if (user.role().equals(Role.ADMIN.label()) && admins <= 1) {
            throw new AccessConflictException("'" + user.username() + "' is the last admin; make another user "
                    + "admin first.");
        }
    }

    private static String checkName(String username) {
        String name = username == null ? "" : username.strip().toLowerCase(Locale.ROOT);
        if (name.equals(TokenAuthenticators.BOOTSTRAP_NAME)) {
            throw new InvalidAccessRequestException("'" + name + "' is the bootstrap token's name in the audit "
                    + "trail; choose another user name.");
        }
        if (!NAME.matcher(name).matches()) {
            throw new InvalidAccessRequestException("username must be 1 to 64 characters: lower-case letters, "
                    + "digits, '.', '_' or '-', starting with a letter or digit.");
        }
        return name;
    }
}
