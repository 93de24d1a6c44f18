/**
 * The Burstline agent: a small plain-Java daemon (no Spring) that runs on each measured host, registers with the
 * server, and runs measurements the server dispatches — iperf3 today, through the {@link
 * com.burstline.agent.MeasurementTool} seam so that a native engine can follow. Wiring is by {@code new} in
 * {@link com.burstline.agent.AgentMain}; HTTP is the JDK's own server and client.
 */
package com.burstline.agent;
