package com.burstline.server.job;

import org.junit.jupiter.api.Tag;
import com.burstline.testsupport.PostgresSchema;
import org.junit.jupiter.api.AfterAll;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.sql.SQLException;

/**
 * Agents and jobs on the team profile: a real PostgreSQL (scripts/start-test-postgres.sh), in a schema of its own
 * that is dropped afterwards. The row locks the job store takes are PostgreSQL's own here.
 */
@Tag("fast")
@ActiveProfiles("postgres")
class JobApiPostgresIT extends JobApiBehaviour {
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
