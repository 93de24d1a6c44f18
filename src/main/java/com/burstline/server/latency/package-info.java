/**
 * Latency: a run's round-trip figures, stored beside it in tables of their own (V50) and served at
 * {@code /api/v1/runs/{id}/latency} — the loaded-latency probe's idle and loaded round trips beside a throughput
 * scenario, or a request/response scenario's (UDP_RR, TCP_RR) transactions, with their samples per interval. The
 * job feature stores them as results and live samples arrive ({@link com.burstline.server.latency.LatencyStore});
 * the figures' words and the findings on them are made elsewhere. Public: {@link
 * com.burstline.server.latency.LatencyStore}.
 */
package com.burstline.server.latency;
