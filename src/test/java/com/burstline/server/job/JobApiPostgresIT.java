package com.burstline.server.job;

import com.burstline.testsupport.PostgresTest;
import org.junit.jupiter.api.Tag;

/**
 * Agents and jobs on the team profile: a real PostgreSQL (scripts/start-test-postgres.sh), in a schema of its own
 * that is dropped afterwards. The row locks the job store takes are PostgreSQL's own here.
 */
@Tag("fast")
@PostgresTest
class JobApiPostgresIT extends JobApiBehaviour {
}
