package com.burstline.server.run;

import com.burstline.testsupport.PostgresTest;
import org.junit.jupiter.api.Tag;

/**
 * Fixing labels on the team profile: a real PostgreSQL server (scripts/test.sh installs and starts one). Each run
 * works in a schema of its own, created by Flyway and dropped afterwards, so reruns start clean.
 */
@Tag("fast")
@PostgresTest
class RunLabelsPostgresIT extends RunLabelsBehaviour {
}
