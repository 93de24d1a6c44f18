package com.burstline.server.compare;

import org.junit.jupiter.api.AfterAll;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * The comparison API on the team profile: a real PostgreSQL server (scripts/test.sh installs and starts one). Each run
 * works in a schema of its own, created by Flyway and dropped afterwards, so reruns start clean.
 */
@ActiveProfiles("postgres")
class ComparePostgresIT extends CompareApiBehaviour {
    private static final String URL = env("BURSTLINE_TEST_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/burstline_test");
    private static final String USER = env("BURSTLINE_TEST_POSTGRES_USER", "burstline");
    private static final String PASSWORD = env("BURSTLINE_TEST_POSTGRES_PASSWORD", "burstline");
    private static final String SCHEMA = "it_" + UUID.randomUUID().toString().replace("-", "");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        commonProperties(registry);
        registry.add("spring.datasource.url", () -> URL + "?currentSchema=" + SCHEMA);
        registry.add("spring.datasource.username", () -> USER);
        registry.add("spring.datasource.password", () -> PASSWORD);
        registry.add("spring.flyway.schemas", () -> SCHEMA);
    }

    @AfterAll
    static void dropSchema() throws SQLException {
        try (Connection connection = DriverManager.getConnection(URL, USER, PASSWORD);
             Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + SCHEMA + " CASCADE");
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
