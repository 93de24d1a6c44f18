package com.burstline.server.probe;

import java.time.Instant;

/** A stored probe as the API, the pages and the reports show it. The field names are part of the API. */
public record ProbeView(long jobId, long scenarioId, String host, String peer, String direction, int streams,
                        double intervalSeconds, int maxDurationSeconds, String source, Long runId,
                        Instant measuredAt, double measuredSeconds, int intervals, Double exhaustedAfterSeconds,
                        Double burstBitsPerSecond, Double baselineBitsPerSecond, Double creditBits) {

    /** The probe in words, as an estimate: pages and reports all say it so. */
    public String summary() {
        return ProbeText.summary(this);
    }
}
