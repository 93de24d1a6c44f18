package com.burstline.server.fleet;

import com.burstline.testsupport.PostgresTest;
import org.junit.jupiter.api.Tag;

/** Certificate pins and join tokens on the team profile: the same tests against a real PostgreSQL. */
@Tag("fast")
@PostgresTest
class AgentCertificateApiPostgresIT extends AgentCertificateApiTest {
}
