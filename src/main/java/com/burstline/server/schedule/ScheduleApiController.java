package com.burstline.server.schedule;

import com.burstline.server.system.RequestBodyExample;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.util.List;

@RestController
@RequestBodyExample("The body must be a JSON object with the fields the API docs list, e.g. {\"name\": "
        + "\"nightly\", \"cron\": \"0 0 3 * * *\", \"timeZone\": \"Europe/Berlin\", "
        + "\"jobTemplate\": {\"sut\": \"a\", \"peer\": \"b\", \"plan\": \"standard\"}}.")
@RequestMapping("/api/v1/schedules")
@Tag(name = "Schedules", description = "Start a job on a cron schedule; skip a run while the last job is unfinished")
class ScheduleApiController {
    private final ScheduleService schedules;

    ScheduleApiController(ScheduleService schedules) {
        this.schedules = schedules;
    }

    @Operation(summary = "Create a schedule (operator)",
            description = "{\"name\", \"cron\" (Spring cron, six fields with seconds first, e.g. \"0 0 3 * * *\"; "
                    + "five fields mean second 0; macros such as @daily), \"timeZone\" (IANA name, default UTC), "
                    + "\"jobTemplate\" (exactly the body of POST /api/v1/jobs, checked by the same rules), "
                    + "\"notifyUrl\" (optional webhook for change points, of throughput and of latency (higher is "
                    + "worse), one post per figure; public addresses only unless "
                    + "burstline.schedules.webhook-allowed-networks names the range)}. 201 with the schedule, its "
                    + "nextRunAt and its webhookSecret (shown this once; posts are signed with it); "
                    + "400 lists every problem, the template's included; 409 when the name is taken.")
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<ScheduleView> create(@RequestBody ScheduleRequest request) {
        ScheduleView created = schedules.create(request);
        return ResponseEntity.created(URI.create("/api/v1/schedules/" + created.id())).body(created);
    }

    @Operation(summary = "Schedules, oldest first, each with state, nextRunAt and lastJobId",
            description = "Viewers see a webhook's scheme and host only.")
    @GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
    List<ScheduleView> list(Authentication caller) {
        return schedules.list().stream().map(view -> shownTo(caller, view)).toList();
    }

    @Operation(summary = "One schedule", description = "Viewers see a webhook's scheme and host only.")
    @GetMapping(path = "/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    ScheduleView get(@PathVariable long id, Authentication caller) {
        return shownTo(caller, schedules.get(id));
    }

    @Operation(summary = "Replace a schedule's webhook key (operator)",
            description = "Webhook posts carry X-Burstline-Signature: sha256=HEX, the HMAC-SHA256 of the body keyed "
                    + "by the schedule's webhookSecret. The answer holds the new key, shown this once; the old one "
                    + "stops signing at once.")
    @PostMapping(path = "/{id}/webhook-secret", produces = MediaType.APPLICATION_JSON_VALUE)
    ScheduleView rotateWebhookSecret(@PathVariable long id) {
        return schedules.rotateWebhookSecret(id);
    }

    static ScheduleView shownTo(Authentication caller, ScheduleView view) {
        boolean operates = caller != null && caller.getAuthorities().stream().map(GrantedAuthority::getAuthority)
                .anyMatch(authority -> authority.equals("ROLE_OPERATOR") || authority.equals("ROLE_ADMIN"));
        return operates ? view : view.forViewer();
    }

    @Operation(summary = "A schedule's history, newest first",
            description = "Jobs started, runs skipped because the last job was still queued or running, jobs "
                    + "refused, runs missed while the server was down, pauses, resumes and webhook posts (sent or "
                    + "failed, with the figure whose change point they told of); the newest 500 are kept.")
    @GetMapping(path = "/{id}/history", produces = MediaType.APPLICATION_JSON_VALUE)
    List<ScheduleEventView> history(@PathVariable long id, @RequestParam(defaultValue = "100") int size) {
        return schedules.history(id, size);
    }

    @Operation(summary = "Pause a schedule (operator)", description = "No job starts until it is resumed.")
    @PostMapping(path = "/{id}/pause", produces = MediaType.APPLICATION_JSON_VALUE)
    ScheduleView pause(@PathVariable long id) {
        return schedules.pause(id);
    }

    @Operation(summary = "Resume a schedule (operator)",
            description = "The next run is the next fire time from now; runs that fell while it was paused are not "
                    + "made up.")
    @PostMapping(path = "/{id}/resume", produces = MediaType.APPLICATION_JSON_VALUE)
    ScheduleView resume(@PathVariable long id) {
        return schedules.resume(id);
    }

    @Operation(summary = "Delete a schedule (operator)",
            description = "Its jobs stay, no longer linked to it; a running one runs to its end.")
    @DeleteMapping(path = "/{id}")
    ResponseEntity<Void> delete(@PathVariable long id) {
        schedules.delete(id);
        return ResponseEntity.noContent().build();
    }
}
