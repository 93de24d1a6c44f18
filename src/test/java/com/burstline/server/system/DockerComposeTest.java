package com.burstline.server.system;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docker-compose.yml cannot be run here (no Docker engine), so it is checked by parsing: the service must reach the
 * postgres service under the names and settings that application-postgres.properties reads.
 */
class DockerComposeTest {

    @Test
    @SuppressWarnings("unchecked")
    void serviceRunsThePostgresProfileAgainstTheComposedDatabase() throws IOException {
        Map<String, Object> compose;
        try (Reader reader = Files.newBufferedReader(Path.of("docker-compose.yml"))) {
            compose = new Yaml().load(reader);
        }
        Map<String, Object> services = (Map<String, Object>) compose.get("services");
        Map<String, Object> burstline = (Map<String, Object>) services.get("burstline");
        Map<String, Object> postgres = (Map<String, Object>) services.get("postgres");
        Map<String, String> env = (Map<String, String>) burstline.get("environment");
        Map<String, String> postgresEnv = (Map<String, String>) postgres.get("environment");

        assertThat((List<String>) burstline.get("command")).contains("--spring.profiles.active=postgres");
        assertThat(env.get("POSTGRES_URL")).isEqualTo("jdbc:postgresql://postgres:5432/" + postgresEnv.get("POSTGRES_DB"));
        assertThat(env.get("POSTGRES_USER")).isEqualTo(postgresEnv.get("POSTGRES_USER"));
        assertThat(env.get("POSTGRES_PASSWORD")).isEqualTo(postgresEnv.get("POSTGRES_PASSWORD"));
        assertThat((List<String>) burstline.get("volumes")).contains("./target/burstline.jar:/app/burstline.jar:ro");
        assertThat((List<String>) burstline.get("ports")).contains("8080:8080");
        assertThat(Files.readString(Path.of("src/main/resources/application-postgres.properties")))
                .contains("${POSTGRES_URL:").contains("${POSTGRES_USER:").contains("${POSTGRES_PASSWORD:");
    }
}
