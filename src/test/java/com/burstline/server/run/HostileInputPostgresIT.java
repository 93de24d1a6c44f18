package com.burstline.server.run;

import com.burstline.testsupport.PostgresSchema;
import org.junit.jupiter.api.AfterAll;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.sql.SQLException;

/** The hostile corpus on the team profile: a real PostgreSQL, in a schema of its own. */
@ActiveProfiles("postgres")
class HostileInputPostgresIT extends HostileInputBehaviour {
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
