package com.burstline.server.job;

/** Agents and jobs on the embedded default: H2 on disk in a fresh data dir. */
class JobApiTest extends JobApiBehaviour {
}
