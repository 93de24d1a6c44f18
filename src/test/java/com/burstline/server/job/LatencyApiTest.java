package com.burstline.server.job;

/** Latency's storage and API on the embedded default: H2 on disk in a fresh data dir. */
class LatencyApiTest extends LatencyApiBehaviour {
}
