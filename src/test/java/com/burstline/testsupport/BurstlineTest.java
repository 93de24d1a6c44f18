package com.burstline.testsupport;

import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.ContextConfiguration;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A Spring test against the whole server on a random port, sharing one context per database with every other class
 * so annotated (with {@link PostgresTest} too: one on PostgreSQL): one server start instead of one per class. Each
 * class starts on an empty database ({@link EmptyDatabase}), so the same real sample can be uploaded again with other
 * labels. A class that needs other settings does not use this and pays for its own context.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "burstline.api-token=" + TestTokens.API,
        "burstline.agent-token=" + TestTokens.AGENT,
        "burstline.agents.heartbeat-seconds=1"})
@ContextConfiguration(initializers = FreshDataDirectory.class)
@ExtendWith(EmptyDatabase.class)
public @interface BurstlineTest {
}
