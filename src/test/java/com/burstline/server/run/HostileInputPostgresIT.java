package com.burstline.server.run;

import com.burstline.testsupport.PostgresTest;

/** The hostile corpus on the team profile: a real PostgreSQL, in a schema of its own. */
@PostgresTest
class HostileInputPostgresIT extends HostileInputBehaviour {
}
