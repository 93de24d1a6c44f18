package com.burstline.testsupport;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.junit.jupiter.SpringExtension;

import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;

/**
 * Empties every table before a {@link BurstlineTest} class runs on the shared context, so no class sees another's
 * runs, agents, jobs or users. Ids keep counting (nothing the server caches by id is reused). Flyway's history, the
 * storage probe's one seeded row and the bootstrap API token's row (which the server writes once, at start) stay.
 */
public final class EmptyDatabase implements BeforeAllCallback {
    private static final Set<String> KEPT = Set.of("flyway_schema_history", "storage_probe");
    private static final int ATTEMPTS = 5;
    private static final String API_TOKEN = "api_token";

    @Override
    public void beforeAll(ExtensionContext context) {
        JdbcTemplate jdbc = new JdbcTemplate(SpringExtension.getApplicationContext(context).getBean(DataSource.class));
        List<String> tables = jdbc.queryForList("SELECT table_name FROM information_schema.tables "
                + "WHERE table_schema = CURRENT_SCHEMA AND table_type IN ('BASE TABLE', 'TABLE')", String.class)
                .stream().filter(table -> !KEPT.contains(table.toLowerCase())
                        && !table.equalsIgnoreCase(API_TOKEN)).toList();
        jdbc.execute("DELETE FROM " + API_TOKEN + " WHERE bootstrap = FALSE");
        if (isPostgres(jdbc)) {
            truncate(jdbc, "TRUNCATE " + String.join(", ", tables) + " CASCADE");
        } else {
            jdbc.execute("SET REFERENTIAL_INTEGRITY FALSE");
            try {
                tables.forEach(table -> jdbc.execute("TRUNCATE TABLE " + table));
            } finally {
                jdbc.execute("SET REFERENTIAL_INTEGRITY TRUE");
            }
        }
    }

    /**
     * The shared context's own workers (the job runner's rescans, a job of the class before winding down) may hold
     * row locks that PostgreSQL's TRUNCATE meets in the other order; it then picks one side of the deadlock to roll
     * back, and the TRUNCATE is simply tried again.
     */
    private static void truncate(JdbcTemplate jdbc, String statement) {
        for (int attempt = 1; ; attempt++) {
            try {
                jdbc.execute(statement);
                return;
            } catch (PessimisticLockingFailureException deadlock) {
                if (attempt == ATTEMPTS) {
                    throw deadlock;
                }
                LockSupport.parkNanos(100_000_000L * attempt);
            }
        }
    }

    private static boolean isPostgres(JdbcTemplate jdbc) {
        return Boolean.TRUE.equals(jdbc.execute((java.sql.Connection connection) ->
                connection.getMetaData().getDatabaseProductName().toLowerCase().contains("postgres")));
    }
}
