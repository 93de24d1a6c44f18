package com.burstline.server.run;

/** A new run was stored (its transaction committed), by an upload or a job; announced after the commit. */
public record RunImported(long runId, int intervalCount) {
}
