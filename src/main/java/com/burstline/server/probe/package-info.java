/**
 * The burst-credit probe: finding where a long transfer's throughput steps down from an instance's burst rate to its
 * baseline ({@link com.burstline.server.probe.StepDown}), and the probes measured so far, per host and direction
 * ({@link com.burstline.server.probe.Probes}). The job feature runs the probe; pages and reports read it here.
 */
package com.burstline.server.probe;
