/**
 * What the agents send back while a job runs: live samples (relayed to the job's event stream and watched for a burst
 * probe's drop) and results (verified against their dispatch, imported as runs, and ending the scenario at once).
 */
package com.burstline.server.job.intake;
