package com.burstline.testsupport;

import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.ContextConfiguration;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A Spring test of the team profile: the server on the real PostgreSQL that scripts/start-test-postgres.sh starts, in
 * a schema of its own that Flyway creates and that is dropped when the test's context closes, so reruns start clean.
 * The test class says only what it shares with its H2 twin (usually by extending the same behaviour class).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ActiveProfiles("postgres")
@ContextConfiguration(initializers = PostgresSchema.Initializer.class)
public @interface PostgresTest {
}
