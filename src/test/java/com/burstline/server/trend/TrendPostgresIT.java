package com.burstline.server.trend;

import org.junit.jupiter.api.Tag;
import com.burstline.testsupport.PostgresSchema;
import org.junit.jupiter.api.AfterAll;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.sql.SQLException;

/** The trend API on the team profile: a real PostgreSQL server, in a schema of its own dropped afterwards. */
@Tag("fast")
@ActiveProfiles("postgres")
class TrendPostgresIT extends TrendApiBehaviour {
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
