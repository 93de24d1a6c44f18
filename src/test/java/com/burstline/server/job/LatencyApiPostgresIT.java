package com.burstline.server.job;

import com.burstline.testsupport.PostgresTest;
import org.junit.jupiter.api.Tag;

/** Latency's storage and API on the team profile: a real PostgreSQL, in a schema of its own dropped afterwards. */
@Tag("fast")
@PostgresTest
class LatencyApiPostgresIT extends LatencyApiBehaviour {
}
