package com.burstline.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;

/** Where the compare benchmark's server keeps its data: H2 on disk (default) or a fresh schema on PostgreSQL. */
record BenchDatabase(String name, List<String> arguments, String schema) {
    private static final String URL = env("BURSTLINE_TEST_POSTGRES_URL", "jdbc:postgresql://127.0.0.1:5432/burstline_test");
    private static final String USER = env("BURSTLINE_TEST_POSTGRES_USER", "burstline");
    private static final String PASSWORD = env("BURSTLINE_TEST_POSTGRES_PASSWORD", "burstline");

    static BenchDatabase h2(Path dataDir) {
        return new BenchDatabase("H2 (on disk, " + dataDir + ")", List.of(), null);
    }

    static BenchDatabase postgres() {
        String schema = "bench_" + UUID.randomUUID().toString().replace("-", "");
        return new BenchDatabase("PostgreSQL (" + URL + ", schema " + schema + ")", List.of(
                "--spring.profiles.active=postgres",
                "--spring.datasource.url=" + URL + "?currentSchema=" + schema,
                "--spring.datasource.username=" + USER, "--spring.datasource.password=" + PASSWORD,
                "--spring.flyway.schemas=" + schema), schema);
    }

    /** PostgreSQL plans by table statistics; autovacuum would gather them soon after a bulk load, this does it now. */
    void analyze(javax.sql.DataSource dataSource) throws SQLException {
        if (schema == null) {
            return;
        }
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("ANALYZE");
        }
    }

    void drop() throws SQLException {
        if (schema == null) {
            return;
        }
        try (Connection connection = DriverManager.getConnection(URL, USER, PASSWORD);
             Statement statement = connection.createStatement()) {
            statement.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
