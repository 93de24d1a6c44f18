package com.burstline.server.security;

import org.junit.jupiter.api.Tag;
import com.burstline.testsupport.PostgresSchema;
import org.junit.jupiter.api.AfterAll;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.sql.SQLException;

/** Users and tokens on the team profile: the same tests against a real PostgreSQL, in a schema of their own. */
@Tag("fast")
@ActiveProfiles("postgres")
class UserAccessPostgresIT extends UserAccessTest {
    private static final PostgresSchema SCHEMA = new PostgresSchema();

    @DynamicPropertySource
    static void postgres(DynamicPropertyRegistry registry) {
        SCHEMA.register(registry);
    }

    @Override
    boolean embeddedDatabase() {
        return false;
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        SCHEMA.drop();
    }
}
