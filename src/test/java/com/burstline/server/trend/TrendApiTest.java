package com.burstline.server.trend;

/** The trend API on the embedded default: H2 on disk in a fresh data dir. */
class TrendApiTest extends TrendApiBehaviour {
}
