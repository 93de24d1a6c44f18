package com.burstline.server.run;

/** Fixing labels on the embedded default: H2 on disk in a fresh data dir. */
class RunLabelsTest extends RunLabelsBehaviour {
}
