package com.burstline.server.security;

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
import java.util.regex.Pattern;

/** The people who sign in: a name, a role and a password kept only as an adaptive hash. */
@Service
public class UserAccounts implements UserDetailsService {
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
    static final int MIN_PASSWORD = 12;

    private final JdbcClient jdbc;
    private final PasswordEncoder passwords;

    UserAccounts(JdbcClient jdbc, PasswordEncoder passwords) {
        this.jdbc = jdbc;
        this.passwords = passwords;
    }

    public record UserView(String username, String role, Instant createdAt) {
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
        checkPassword(password);
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
        UserView user = find(username);
        if (role != null) {
            if (!role.equals(Role.ADMIN)) {
                keepAnAdmin(user);
            }
            jdbc.sql("UPDATE app_user SET role = ? WHERE username = ?").params(role.name(), user.username())
                    .update();
        }
        if (password != null) {
            checkPassword(password);
            jdbc.sql("UPDATE app_user SET password_hash = ? WHERE username = ?")
                    .params(passwords.encode(password), user.username()).update();
        }
        return find(user.username());
    }

    @Transactional
    public void delete(String username) {
        UserView user = find(username);
        keepAnAdmin(user);
        jdbc.sql("DELETE FROM app_user WHERE username = ?").param(user.username()).update();
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
        if (!NAME.matcher(name).matches()) {
            throw new InvalidAccessRequestException("username must be 1 to 64 characters: lower-case letters, "
                    + "digits, '.', '_' or '-', starting with a letter or digit.");
        }
        return name;
    }

    private static void checkPassword(String password) {
        if (password == null || password.length() < MIN_PASSWORD) {
            throw new InvalidAccessRequestException("password must be at least " + MIN_PASSWORD + " characters.");
        }
    }
}
