package com.burstline.server.compare;

/** The comparison API on the embedded default: H2 on disk in a fresh data dir. */
class CompareApiTest extends CompareApiBehaviour {
}
