package com.burstline.server.latency;

import com.burstline.server.run.RunQueries;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "Runs")
class LatencyApiController {
    private final LatencyStore store;
    private final RunQueries runs;

    LatencyApiController(LatencyStore store, RunQueries runs) {
        this.store = store;
        this.runs = runs;
    }

    @Operation(summary = "A run's latency",
            description = "The loaded-latency probe's figures beside a throughput scenario (kind loaded-latency: idle "
                    + "and loaded round trips, the one-way delay's rise per direction, loaded ÷ idle ratios), or a "
                    + "request/response scenario's (kind request-response: transactions, their rate, both ends' "
                    + "CPU), with the samples per interval. Milliseconds; sample times in seconds from the "
                    + "measuring tool's start, negative in the probe's idle window. A run without latency figures "
                    + "(an upload, a job with the probe turned off) answers kind null and no samples; a run that "
                    + "does not exist 404.")
    @GetMapping(path = "/api/v1/runs/{id}/latency", produces = MediaType.APPLICATION_JSON_VALUE)
    RunLatency latency(@PathVariable long id) {
        runs.get(id); // 404 for a run that does not exist
        return store.find(id).orElseGet(() -> RunLatency.none(id));
    }
}
