package com.burstline.server.security;

import org.junit.jupiter.api.Tag;
import com.burstline.testsupport.PostgresTest;

/** Users and tokens on the team profile: the same tests against a real PostgreSQL, in a schema of their own. */
@Tag("fast")
@PostgresTest
class UserAccessPostgresIT extends UserAccessTest {
    @Override
    boolean embeddedDatabase() {
        return false;
    }
}
