package com.burstline.server.trend;

import com.burstline.testsupport.PostgresTest;
import org.junit.jupiter.api.Tag;

/** The trend API on the team profile: a real PostgreSQL server, in a schema of its own dropped afterwards. */
@Tag("fast")
@PostgresTest
class TrendPostgresIT extends TrendApiBehaviour {
}
