/**
 * Burstline's native measuring engine: an iperf3-compatible client and server in plain Java (the JDK and Jackson's
 * streaming core only), so that any host with a JVM measures natively, against a stock {@code iperf3 -s} or for a
 * stock {@code iperf3 -c}, without an iperf3 binary or an emulator in the path.
 *
 * <p>The wire protocol follows {@code ../shared/reference/iperf3-protocol.md}: {@link com.burstline.engine.Control}
 * carries the control connection, {@link com.burstline.engine.TestParams} the parameters, {@link
 * com.burstline.engine.Client} and {@link com.burstline.engine.Server} the two roles, and {@link
 * com.burstline.engine.StartObject} writes the result in iperf3's {@code -J} shape so that it imports through the same
 * parser as iperf3's. {@link com.burstline.engine.EngineCli} is the iperf3-like command line.
 */
package com.burstline.engine;
