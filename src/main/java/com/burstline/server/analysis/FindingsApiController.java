package com.burstline.server.analysis;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

@RestController
@Tag(name = "Analysis", description = "What a careful engineer would point out about a run")
class FindingsApiController {
    private final Findings findings;

    FindingsApiController(Findings findings) {
        this.findings = findings;
    }

    @Operation(summary = "A run's findings",
            description = "Kinds: percent-of-limit, packet-loss, direction-asymmetry, sender-limited, burst-exhausted, "
                    + "allowance-exceeded, unstable, ena-express-unused, latency-under-load (from the loaded-latency "
                    + "probe), and partial-run alone for a partial run (no findings are drawn "
                    + "from its figures); each with a severity, a message and the numbers in data.")
    @GetMapping(path = "/api/v1/runs/{id}/findings", produces = MediaType.APPLICATION_JSON_VALUE)
    List<Finding> findings(@PathVariable long id) {
        return findings.forRun(id);
    }
}
