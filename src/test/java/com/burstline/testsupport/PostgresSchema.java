package com.burstline.testsupport;

import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

/**
 * A schema of its own on the real PostgreSQL that scripts/start-test-postgres.sh starts (BURSTLINE_TEST_POSTGRES_*
 * override where it is): Flyway creates it, the test class drops it afterwards, so reruns start clean.
 */
public final class PostgresSchema {
    private static final String URL = env("BURSTLINE_TEST_POSTGRES_URL",
            "jdbc:postgresql://127.0.0.1:5432/burstline_test");
    private static final String USER = env("BURSTLINE_TEST_POSTGRES_USER", "burstline");
    private static final String PASSWORD = env("BURSTLINE_TEST_POSTGRES_PASSWORD", "burstline");

    private final String name = "it_" + UUID.randomUUID().toString().replace("-", "");

    /** The same settings as command-line arguments, for a server started as its own process. */
    public List<String> arguments() {
        return List.of("--spring.profiles.active=postgres", "--spring.datasource.url=" + URL + "?currentSchema=" + name,
                "--spring.datasource.username=" + USER, "--spring.datasource.password=" + PASSWORD,
                "--spring.flyway.schemas=" + name);
    }

    /** Gives each {@link PostgresTest} context a schema of its own, dropped when the context closes. */
    public static final class Initializer implements ApplicationContextInitializer<ConfigurableApplicationContext> {
        @Override
        public void initialize(ConfigurableApplicationContext context) {
            PostgresSchema schema = new PostgresSchema();
            TestPropertyValues.of("spring.datasource.url=" + URL + "?currentSchema=" + schema.name,
                    "spring.datasource.username=" + USER, "spring.datasource.password=" + PASSWORD,
                    "spring.flyway.schemas=" + schema.name).applyTo(context);
            context.addApplicationListener((ApplicationListener<ContextClosedEvent>) closed -> schema.dropQuietly());
        }
    }

    private void dropQuietly() {
        try {
            drop();
        } catch (SQLException e) {
            System.err.println("Could not drop test schema " + name + ": " + e.getMessage());
        }
    }

    public void drop() throws SQLException {
        try (Connection connection = DriverManager.getConnection(URL, USER, PASSWORD);
             Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + name + " CASCADE");
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
