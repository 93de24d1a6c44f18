package com.burstline.server.security;

import com.burstline.server.system.BurstlineProperties;
import com.burstline.server.system.SecretFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * On the first start (no users yet) creates the user {@code admin} with a generated password, written owner-only to
 * {@code <data-dir>/admin-password} and never to the log: the log says where it is. The file goes once that password
 * does (changed, or the user deleted), so that no readable copy of a password outlives its use.
 */
@Component
class FirstAdmin implements ApplicationRunner {
    static final String USERNAME = "admin";
    static final String FILE = "admin-password";
    private static final Logger log = LoggerFactory.getLogger(FirstAdmin.class);

    private final UserAccounts users;
    private final Path dataDir;

    FirstAdmin(UserAccounts users, BurstlineProperties properties) {
        this.users = users;
        this.dataDir = properties.dataDir();
    }

    @Override
    public void run(ApplicationArguments args) {
        Path file = dataDir.resolve(FILE).toAbsolutePath();
        if (!users.isEmpty()) {
            return;
        }
        String password = TokenSecrets.random(18);
        users.create(USERNAME, password, Role.ADMIN);
        SecretFiles.write(file, password);
        log.info("Created the user '{}'; its password is in {} (sign in at /login, then change it or add users "
                + "under Admin)", USERNAME, file);
    }

    @TransactionalEventListener(fallbackExecution = true)
    void passwordRetired(UserAccounts.PasswordRetired event) {
        Path file = dataDir.resolve(FILE).toAbsolutePath();
        try {
            if (USERNAME.equals(event.username()) && Files.deleteIfExists(file)) {
                log.info("Removed {}: the password it held is no longer '{}''s", file, USERNAME);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove " + file, e);
        }
    }
}
