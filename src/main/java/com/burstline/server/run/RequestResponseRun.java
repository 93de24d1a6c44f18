package com.burstline.server.run;

import com.burstline.contract.Protocol;

import java.time.Instant;

/**
 * What a run of a request/response scenario (UDP_RR, TCP_RR) holds in the runs table, read from the engine's
 * {@code rr -c} output: the scenario and both ends' CPU. It has no throughput figure: its sent and received rates
 * stay unknown (null), which keeps it out of everything that compares or charts throughput; its round trips are
 * the latency feature's.
 *
 * @param toolVersion the engine's {@code version}, e.g. {@code burstline-java 0.1.0}
 * @param flows       the scenario's concurrent flows, stored as its streams
 * @param messageBytes a request's and a response's payload; null when the agent's latency report did not come
 */
public record RequestResponseRun(String toolVersion, Instant startedAt, Protocol protocol, int flows,
                                 Integer messageBytes, int durationSeconds, int omitSeconds, Double clientCpuPercent,
                                 Double serverCpuPercent, int intervalCount) {
}
