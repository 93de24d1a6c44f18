package com.burstline.server.job;

import com.burstline.server.analysis.FindingSummary;
import com.burstline.server.job.planning.JobRequest;
import com.burstline.server.security.CredentialWatch;
import com.burstline.server.system.RequestBodyExample;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.security.Principal;
import java.util.List;

@RestController
@RequestBodyExample("The body must be a JSON object with the fields the API docs list, with numbers where "
        + "numbers are expected, e.g. {\"sut\": \"a\", \"peer\": \"b\", \"plan\": \"standard\"}.")
@RequestMapping("/api/v1/jobs")
@Tag(name = "Jobs", description = "Run iperf3 scenarios between pairs of agents; each result becomes a run")
class JobApiController {
    private final JobService jobs;
    private final JobEvents events;
    private final JobRelabeller labels;
    private final JobFindings findings;
    private final JobResults results;
    private final CredentialWatch credentials;

    JobApiController(JobService jobs, JobEvents events, JobRelabeller labels, JobFindings findings,
                     JobResults results, CredentialWatch credentials) {
        this.credentials = credentials;
        this.jobs = jobs;
        this.events = events;
        this.labels = labels;
        this.findings = findings;
        this.results = results;
    }

    @Operation(summary = "Start a job (API token)",
            description = "Either {\"plan\": \"standard\"} (TCP 1 and 4 streams up and down, UDP at 1 and 5 Gbit/s, "
                    + "30 s each) or {\"scenarios\": [{\"protocol\", \"direction\", \"streams\", "
                    + "\"durationSeconds\", \"intervalSeconds\", \"omitSeconds\", \"targetBitsPerSecond\"}]}, between "
                    + "the registered agents sut (iperf3 client) and peer (iperf3 server), or several pairs instead: "
                    + "\"pairs\": [{\"sut\", \"peer\"}, …] (1–10). Optional: repeat (1–100), tags, durationSeconds "
                    + "(for every scenario), onFailure (continue | stop), order (sequential: each pair in turn, "
                    + "repetition after repetition; interleaved: per repetition and scenario every pair in turn, "
                    + "A, B, A, B; randomized: per repetition a random order from seed, 0 to 2^53 − 1, drawn when "
                    + "not given and stored with the job), coolDownSeconds (0–3600: wait between two scenarios on "
                    + "the same host so burst credits refill). At most 1,000 scenarios and 24 h planned, counting "
                    + "every pair and cool-down. A job holds its agents until it ends; jobs on other agents run at "
                    + "the same time. labels: {\"driver\", \"instanceType\", \"tags\"} (optional) label every "
                    + "run of the job over what the agent tells (driver and instance type replace the facts, tags are "
                    + "added to the job's).")
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<JobView> create(@RequestBody JobRequest request) {
        JobView job = jobs.create(request);
        return ResponseEntity.created(URI.create("/api/v1/jobs/" + job.id())).body(job);
    }

    @Operation(summary = "Jobs, newest first")
    @GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
    List<JobView> list(@RequestParam(defaultValue = "50") int size) {
        return jobs.list(size);
    }

    @Operation(summary = "One job with each scenario's status, runId once stored, or error in words")
    @GetMapping(path = "/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    JobView get(@PathVariable long id) {
        return jobs.getWithVerdicts(id);
    }

    @Operation(summary = "The job's findings once each, from the runs it has stored so far",
            description = "Each kind (see GET /api/v1/runs/{id}/findings) once, in the order the job page and the "
                    + "report list them: sender-limited, packet-loss, other warnings, percent-of-limit, other notes. "
                    + "covers names the scenarios as the job page does, runIds the runs; message is the first run's "
                    + "sentence, or, when summed is true, one sentence for them all (percent-of-limit: the TCP runs "
                    + "as one range of the burst limit, each UDP run against its target). 404 for an unknown job.")
    @GetMapping(path = "/{id}/findings", produces = MediaType.APPLICATION_JSON_VALUE)
    List<FindingSummary> findings(@PathVariable long id) {
        return findings.of(id);
    }

    @Operation(summary = "The job's results as its page shows them, from the runs it has stored so far",
            description = "hosts: each agent of the job with its role, instance type, the catalog's limits for it "
                    + "and its driver (a SUT as its runs are labelled); answer: the job's answer in a few sentences "
                    + "(text), each sentence with the scenarios it covers (positions) and the verdicts it states. "
                    + "tcp and udp: one row per scenario that stored a run, in the job's order, with the run "
                    + "(its figures, their words in text, and its verdict: what decided the received figure) and its "
                    + "findings as the run's page lists them, warnings first (percent-of-limit is the row's own "
                    + "column); drivers names the drivers the answer is about. driverComparison {href, text} links "
                    + "Compare with exactly two groups: this job's driver and the most recent other driver measured "
                    + "on the same pair (else on the same instance type), that other as the baseline; href is null "
                    + "when only one driver was ever measured there (text says so), and driverComparison is null for "
                    + "a job of several pairs or when no driver is known. 404 for an unknown job.")
    @GetMapping(path = "/{id}/results", produces = MediaType.APPLICATION_JSON_VALUE)
    JobResults.Results results(@PathVariable long id) {
        return results.of(id);
    }

    @Operation(summary = "Run a job again (API token)",
            description = "A new job with the same agents or pairs, plan or scenarios, repeat, duration, tags, "
                    + "onFailure, order, seed (so the same order) and coolDownSeconds; 201 with the new job.")
    @PostMapping(path = "/{id}/rerun", produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<JobView> rerun(@PathVariable long id) {
        JobView job = jobs.rerun(id);
        return ResponseEntity.created(URI.create("/api/v1/jobs/" + job.id())).body(job);
    }

    @Operation(summary = "Relabel a job and every run it stored (API token)",
            description = "A JSON merge patch of driver, instanceType and tags: absent fields stay, null clears (the "
                    + "agent's facts decide again for runs still to come). Every run's change is kept in its history "
                    + "(GET /api/v1/runs/{id}/history); either all runs change or none. 400 naming each field at "
                    + "fault.")
    @PatchMapping(path = "/{id}/labels", consumes = {MediaType.APPLICATION_JSON_VALUE,
            "application/merge-patch+json"}, produces = MediaType.APPLICATION_JSON_VALUE)
    JobView relabel(@PathVariable long id, @RequestBody JsonNode patch, Principal principal) {
        return labels.relabel(id, patch, principal.getName());
    }

    @Operation(summary = "Cancel a queued or running job (API token)", description = "409 when it already ended.")
    @PostMapping(path = "/{id}/cancel", produces = MediaType.APPLICATION_JSON_VALUE)
    JobView cancel(@PathVariable long id) {
        return jobs.cancel(id);
    }

    @Operation(summary = "The job's live events (server-sent events)",
            description = "'job' events carry the whole job whenever it or a scenario changes (the first one at "
                    + "once); 'samples' events carry the running scenario's live throughput samples as the agent "
                    + "sent them, starting with the ones already buffered. The stream ends when the token or session it "
                    + "was opened with is revoked or ends.")
    @GetMapping(path = "/{id}/events", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    SseEmitter events(@PathVariable long id, HttpServletRequest request) {
        return events.subscribe(jobs.get(id), credentials.stillHeld(request));
    }
}
