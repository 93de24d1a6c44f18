package com.burstline.server.probe;

import com.burstline.contract.Direction;
import com.burstline.contract.Scenario;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.time.Instant;

/**
 * A stored probe as the API, the pages and the reports show it: the scenario it ran and its figures (both flat in the
 * JSON; the scenario's {@code durationSeconds} is the probe's maximum), the figures in words ({@code summary}, which
 * says it is an estimate from one probe) and {@code refillSeconds} (see {@link ProbeFigures#refillSeconds()}). The
 * field names are part of the API.
 */
public record ProbeView(long jobId, long scenarioId, String host, String peer, @JsonUnwrapped Scenario scenario,
                        String source, Long runId, Instant measuredAt, @JsonUnwrapped ProbeFigures figures,
                        Double refillSeconds, String summary) {

    /** The direction probed: the host's upload or download credit. */
    public Direction direction() {
        return scenario.direction();
    }
}
