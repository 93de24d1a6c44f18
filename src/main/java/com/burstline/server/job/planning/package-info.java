/**
 * From a job request to a plan: the checks on a request ({@link com.burstline.server.job.planning.JobRules}, one
 * problem list for the whole body), the standard plan and the burst probe, the experiment design (pairs, order,
 * seed, cool-down) and the ordered scenarios with their planned time. Pure: it knows nothing of storage, agents or
 * dispatch, which live in {@code com.burstline.server.job} and use only what is public here.
 */
package com.burstline.server.job.planning;
