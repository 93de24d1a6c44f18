/**
 * Jobs: scenarios dispatched to a pair of agents (the SUT runs the iperf3 client, the peer the server), one at a time,
 * with their outcomes; the agents' live samples relayed to browsers as server-sent events; results imported as runs
 * through {@link com.burstline.server.run.RunImporter}. The API is under {@code /api/v1/jobs}; the agents post their
 * live samples and results to {@code /api/v1/agents/{name}/live} and {@code /results}, answered here because they are
 * a job's business. This package holds a job's state (the store, its views and events); what a request plans is
 * {@link com.burstline.server.job.planning}, which knows nothing of this; what agents report back is
 * {@link com.burstline.server.job.intake}, and running the scenarios on agents is
 * {@link com.burstline.server.job.dispatch}, the only part that calls agents.
 */
package com.burstline.server.job;
