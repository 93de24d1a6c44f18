package com.burstline.server.job;

import com.burstline.testsupport.PostgresTest;

/**
 * Latency's storage and API on the team profile: a real PostgreSQL, in a schema of its own dropped afterwards. In
 * the full tier: the fast tier runs the same behaviour on H2 ({@link LatencyApiTest}).
 */
@PostgresTest
class LatencyApiPostgresIT extends LatencyApiBehaviour {
}
