/**
 * Runs: importing iperf3 output losslessly (the raw bytes, the summary and every interval row), querying and
 * deleting them, and the REST API under {@code /api/v1/runs}. Public: {@link com.burstline.server.run.RunImporter},
 * {@link com.burstline.server.run.RunQueries} and the records they return; the entity and stores stay inside.
 */
package com.burstline.server.run;
