package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.LiveSamples;
import com.burstline.contract.ScenarioResult;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * What agents report while and after they run a scenario (agent token). Answered by the job feature because both
 * belong to a job; registration and heartbeats are the agent feature's.
 */
@RestController
@RequestMapping(path = "/api/v1/agents/{name}", consumes = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Agents")
class AgentReportsController {
    private final JobEvents events;
    private final ResultIntake intake;
    private final LiveSampleLog liveSamples;
    private final ProbeWatch probes;

    AgentReportsController(JobEvents events, ResultIntake intake, LiveSampleLog liveSamples, ProbeWatch probes) {
        this.events = events;
        this.intake = intake;
        this.liveSamples = liveSamples;
        this.probes = probes;
    }

    record Stored(Long runId) {
    }

    @Operation(summary = "Live samples of a running scenario (agent token)",
            description = "Relayed to the job's event stream and kept until the scenario ends (a partial run is "
                    + "made of them when the agent is lost), and watched for the drop when the scenario is a burst "
                    + "probe; samples for a scenario that is not running are dropped.")
    @PostMapping("/live")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void live(@PathVariable String name, @RequestBody LiveSamples samples) {
        AttemptKey key = samples.relayableKey();
        if (key != null && events.live(key, samples)) {
            liveSamples.add(key, samples);
            probes.samples(key, samples);
        }
    }

    @Operation(summary = "A scenario's result (agent token)",
            description = "A successful result is stored as a run and {\"runId\"} answers it; a failed one ends the "
                    + "scenario with its error, keeps the intervals iperf3 measured before the failure as a partial "
                    + "run and answers its id ({\"runId\": null} when there were none). Delivering the same result "
                    + "again answers the same.")
    @PostMapping(path = "/results", produces = MediaType.APPLICATION_JSON_VALUE)
    Stored results(@PathVariable String name, @RequestBody ScenarioResult result) {
        try {
            return new Stored(intake.accept(name, result));
        } catch (InvalidMessageException incomplete) {
            throw new InvalidJobException(incomplete.getMessage());
        }
    }
}
