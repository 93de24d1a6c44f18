package com.burstline.server.run;

/** The runs API on the embedded default: H2 on disk in a fresh data dir. */
class RunApiTest extends RunApiBehaviour {
}
