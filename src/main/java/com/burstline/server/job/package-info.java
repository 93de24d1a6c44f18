/**
 * Jobs: scenarios dispatched to a pair of agents (the SUT runs the iperf3 client, the peer the server), one at a time,
 * with their outcomes; the agents' live samples relayed to browsers as server-sent events; results imported as runs
 * through {@link com.burstline.server.run.RunImporter}. The API is under {@code /api/v1/jobs}; the agents post their
 * live samples and results to {@code /api/v1/agents/{name}/live} and {@code /results}, answered here because they are
 * a job's business. What a request plans is {@link com.burstline.server.job.planning}, which knows nothing of this.
 */
package com.burstline.server.job;
