package com.burstline.server.run;

/** The hostile corpus on the embedded default: H2 on disk in a fresh data dir. */
class HostileInputTest extends HostileInputBehaviour {
}
