package com.burstline.server.hostconfig;

import com.burstline.server.run.RunQueries;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

@RestController
@Tag(name = "Host configuration", description = "How each host was set up when it measured")
class RunConfigurationController {
    private final RunQueries runs;
    private final HostConfigViews views;

    RunConfigurationController(RunQueries runs, HostConfigViews views) {
        this.runs = runs;
        this.views = views;
    }

    /** A run's two hosts and how much of it went over ENA Express (null without SRD counters). */
    record RunConfiguration(long runId, List<HostConfigView> hosts, EnaExpressShare enaExpress) {
    }

    @Operation(summary = "Both hosts' configuration when the run was measured, with the vendor audit",
            description = "Empty hosts for uploaded runs. enaExpress: the share of the run's packets that went "
                    + "over SRD, from the SUT's counters.")
    @GetMapping(path = "/api/v1/runs/{id}/configuration", produces = MediaType.APPLICATION_JSON_VALUE)
    RunConfiguration configuration(@PathVariable long id) {
        runs.get(id); // 404 for a run that does not exist
        return new RunConfiguration(id, views.ofRun(id), EnaExpressShare.of(runs.environment(id).nicCounters()));
    }
}
