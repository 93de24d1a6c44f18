package com.burstline.server.probe;

import java.time.Instant;

/**
 * A stored probe as the API, the pages and the reports show it, with its figures in words ({@code summary}, which
 * says it is an estimate from one probe) and {@code refillSeconds} (see {@link ProbeFigures#refillSeconds()}). The
 * field names are part of the API.
 */
public record ProbeView(long jobId, long scenarioId, String host, String peer, String direction, int streams,
                        double intervalSeconds, int maxDurationSeconds, String source, Long runId,
                        Instant measuredAt, double measuredSeconds, int intervals, Double exhaustedAfterSeconds,
                        Double burstBitsPerSecond, Double baselineBitsPerSecond, Double creditBits,
                        Double refillSeconds, String summary) {
}
