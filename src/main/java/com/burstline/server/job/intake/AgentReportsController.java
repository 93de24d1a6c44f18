package com.burstline.server.job.intake;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.InvalidMessageException;
import com.burstline.contract.LatencySamples;
import com.burstline.contract.LiveSamples;
import com.burstline.contract.ScenarioResult;
import com.burstline.iperf.Iperf3Plausibility;
import com.burstline.server.job.Dispatches;
import com.burstline.server.job.JobEvents;
import com.burstline.server.job.LatencySampleLog;
import com.burstline.server.job.LiveSampleLog;
import com.burstline.server.job.planning.InvalidJobException;
import com.burstline.server.job.planning.Problem;
import com.burstline.server.system.RequestBodyExample;
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

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What agents report while and after they run a scenario, each agent by its own secret (the security filter lets
 * only the agent named in the path through) and only on a scenario dispatched to it, with that dispatch's nonce.
 * Answered by the job feature because both belong to a job; registration and heartbeats are the agent feature's.
 */
@RestController
@RequestBodyExample("The body must be a JSON object with the fields the API docs list, with numbers where "
        + "numbers are expected, e.g. {\"sut\": \"a\", \"peer\": \"b\", \"plan\": \"standard\"}.")
@RequestMapping(path = "/api/v1/agents/{name}", consumes = MediaType.APPLICATION_JSON_VALUE)
@Tag(name = "Agents")
class AgentReportsController {
    private final JobEvents events;
    private final ResultIntake intake;
    private final Dispatches dispatches;
    private final LiveSampleLog liveSamples;
    private final LatencySampleLog latencySamples;

    AgentReportsController(JobEvents events, ResultIntake intake, Dispatches dispatches, LiveSampleLog liveSamples,
                           LatencySampleLog latencySamples) {
        this.latencySamples = latencySamples;
        this.events = events;
        this.intake = intake;
        this.dispatches = dispatches;
        this.liveSamples = liveSamples;
    }

    record Stored(Long runId) {
    }

    @Operation(summary = "Live samples of a running scenario (the agent's own secret)",
            description = "Held to the bounds of an upload's intervals (400 otherwise, nothing kept). Kept until "
                    + "the scenario ends (in the database where servers share it; a partial run is made of them when "
                    + "the agent is lost), relayed to the job's event stream on every server, and watched for the "
                    + "drop by the server running the job when the scenario is a burst probe. Any server sharing "
                    + "the database takes them. 403 unless the scenario was dispatched to this agent with this "
                    + "nonce, its attempt is running and its job still runs.")
    @PostMapping("/live")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void live(@PathVariable String name, @RequestBody LiveSamples samples) {
        AttemptKey key = samples.relayableKey();
        if (key == null) {
            throw new InvalidJobException("live samples need jobId, scenarioId, attempt and samples (at most "
                    + LiveSamples.MAX_SAMPLES + ")");
        }
        dispatches.verifyLive(name, key, samples.nonce());
        refuseImplausible(samples);
        LiveSamples relayed = samples.withoutNonce();
        if (liveSamples.add(key, relayed)) {
            events.samplesArrived(key.jobId());
        }
    }

    @Operation(summary = "Latency samples of a running scenario (the agent's own secret)",
            description = "Its loaded-latency probe's intervals, or a request/response scenario's, with the summary "
                    + "so far (LatencySamples, docs/agent-protocol.md). Kept until the scenario ends (in the database "
                    + "where servers share it), so a scenario whose result never comes keeps them with its run, and "
                    + "relayed to the job's event stream as latency events on every server. Any server sharing the "
                    + "database takes them. 403 unless the scenario was dispatched to this agent with this nonce, its "
                    + "attempt is running and its job still runs.")
    @PostMapping("/latency")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void latency(@PathVariable String name, @RequestBody Map<String, Object> body) {
        LatencySamples samples;
        try {
            samples = LatencySamples.fromJson(body);
        } catch (InvalidMessageException invalid) {
            throw new InvalidJobException("latency samples: " + invalid.getMessage());
        }
        dispatches.verifyLive(name, samples.key(), samples.nonce());
        if (latencySamples.add(samples)) {
            events.latencyArrived(samples.key().jobId());
        }
    }

    /**
     * Live samples are held to the bounds an upload's intervals are (Iperf3Plausibility), since a lost agent's
     * samples become a partial run: a rate of 1e300 bit/s or a negative time would be stored as measured.
     */
    private static void refuseImplausible(LiveSamples samples) {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < samples.samples().size() && problems.size() < 5; i++) {
            LiveSamples.Sample sample = samples.samples().get(i);
            String problem = sample == null ? "samples[" + i + "] is null"
                    : Iperf3Plausibility.intervalProblem("samples[" + i + "]", sample.start(), sample.end(),
                    sample.bitsPerSecond());
            if (problem != null) {
                problems.add(problem);
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidJobException(problems.stream().map(Problem::of).toList());
        }
    }

    @Operation(summary = "A scenario's result (the agent's own secret)",
            description = "A successful result is stored as a run and {\"runId\"} answers it; a failed one ends the "
                    + "scenario with its error, keeps the intervals iperf3 measured before the failure as a partial "
                    + "run and answers its id ({\"runId\": null} when there were none). Delivering the same result "
                    + "again answers the same. 403 unless the scenario was dispatched to this agent with this nonce.")
    @PostMapping(path = "/results", produces = MediaType.APPLICATION_JSON_VALUE)
    Stored results(@PathVariable String name, @RequestBody ScenarioResult result) {
        try {
            return new Stored(intake.accept(name, result));
        } catch (InvalidMessageException incomplete) {
            throw new InvalidJobException(incomplete.getMessage());
        }
    }
}
