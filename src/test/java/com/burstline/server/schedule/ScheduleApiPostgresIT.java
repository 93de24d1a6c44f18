package com.burstline.server.schedule;

import com.burstline.testsupport.PostgresSchema;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

import java.sql.SQLException;

/** The schedule API, webhook keys included, on the team profile: the same tests against a real PostgreSQL. */
@Tag("fast")
class ScheduleApiPostgresIT extends ScheduleApiTest {
    private static final PostgresSchema SCHEMA = new PostgresSchema();

    // hides ScheduleApiTest.start, so that only this one starts the server
    @BeforeAll
    static void start() throws Exception {
        startWith(SCHEMA.arguments().toArray(String[]::new));
    }

    // hides ScheduleApiTest.stop: the server stops before its schema goes
    @AfterAll
    static void stop() {
        ScheduleApiTest.stop();
        try {
            SCHEMA.drop();
        } catch (SQLException e) {
            throw new IllegalStateException("could not drop " + e.getMessage(), e);
        }
    }
}
