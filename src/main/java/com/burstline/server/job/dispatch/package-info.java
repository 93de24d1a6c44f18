/**
 * Running queued jobs: claiming their hosts, resting them between scenarios, and for each scenario asking the peer
 * for an iperf3 server and the SUT for the client, then waiting for what {@link com.burstline.server.job.intake}
 * receives, a timeout, a lost agent or a cancel.
 */
package com.burstline.server.job.dispatch;
