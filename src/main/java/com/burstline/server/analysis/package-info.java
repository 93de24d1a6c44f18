/**
 * Analysis: findings computed on read from a run's summary and per-interval sums (percent-of-limit, packet-loss,
 * direction-asymmetry, sender-limited, burst-exhausted by change-point detection, allowance-exceeded, unstable,
 * ena-express-unused) and from its latency figures (latency-under-load),
 * served at {@code /api/v1/runs/{id}/findings}. Public: {@link com.burstline.server.analysis.Findings},
 * {@link com.burstline.server.analysis.Finding}, {@link com.burstline.server.analysis.Figures}.
 */
package com.burstline.server.analysis;
