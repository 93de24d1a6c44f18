package com.burstline.server.run;

import com.burstline.testsupport.PostgresSchema;
import org.junit.jupiter.api.AfterAll;

import java.sql.SQLException;
import java.util.List;

/** The team profile on the real PostgreSQL that scripts/start-test-postgres.sh starts, in a schema of its own. */
class PostgresDurabilityIT extends DurabilityBehaviour {
    private static final PostgresSchema SCHEMA = new PostgresSchema();

    @Override
    List<String> databaseArguments() {
        return SCHEMA.arguments();
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        SCHEMA.drop();
    }
}
