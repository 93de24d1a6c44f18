package com.burstline.server.run;

import org.junit.jupiter.api.Tag;
import com.burstline.testsupport.PostgresSchema;
import org.junit.jupiter.api.AfterAll;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.sql.SQLException;

/**
 * The runs API on the team profile: a real PostgreSQL server (scripts/test.sh installs and starts one). Each run
 * works in a schema of its own, created by Flyway and dropped afterwards, so reruns start clean.
 */
@Tag("fast")
@ActiveProfiles("postgres")
class RunApiPostgresIT extends RunApiBehaviour {
    private static final PostgresSchema SCHEMA = new PostgresSchema();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        commonProperties(registry);
        SCHEMA.register(registry);
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        SCHEMA.drop();
    }
}
