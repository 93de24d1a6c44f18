package com.burstline.server.latency;

import java.util.Collection;
import java.util.Map;

/** Reads many runs' latency at once, without their samples: what findings, Compare and reports need. */
@FunctionalInterface
public interface RunLatencies {
    /** The latency of each of the runs that has some, by run id; a run without any is absent. */
    Map<Long, RunLatency> summaries(Collection<Long> runIds);
}
