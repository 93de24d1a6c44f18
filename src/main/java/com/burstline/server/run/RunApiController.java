package com.burstline.server.run;

import com.burstline.server.system.BurstlineProperties;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.URI;
import java.security.Principal;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

@RestController
@RequestMapping("/api/v1/runs")
@Tag(name = "Runs", description = "Upload iperf3 results and read them back")
class RunApiController {
    static final String NDJSON = "application/x-ndjson";
    private static final List<String> UPLOAD_PARAMETERS = List.of("sut", "peer", "instanceType", "driver", "tag",
            "burstLimitGbps", "baselineGbps");
    private static final List<String> LIST_PARAMETERS = Stream.concat(
            RelabelSelectionQuery.FILTER_PARAMETERS.stream(), Stream.of("page", "size")).toList();

    private final RunImporter importer;
    private final RunQueries queries;
    private final RunLabelEditor labels;
    private final long maxUploadBytes;

    RunApiController(RunImporter importer, RunQueries queries, RunLabelEditor labels,
                     BurstlineProperties properties) {
        this.importer = importer;
        this.queries = queries;
        this.labels = labels;
        this.maxUploadBytes = properties.maxUploadSize().toBytes();
    }

    @Operation(summary = "Upload one iperf3 result",
            description = "The body is iperf3's output exactly as printed: -J (application/json) or --json-stream "
                    + "(application/x-ndjson). 201 for a new run, 200 when the same bytes were uploaded before with "
                    + "the same labels, 409 (naming the fields that differ and the run) when with other labels. "
                    + "An impossible value in a field that carries no throughput is stored as unknown with a note "
                    + "(the answer's notes); an impossible throughput, time or count is a 400.")
    @PostMapping(consumes = {MediaType.APPLICATION_JSON_VALUE, NDJSON}, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<RunView> upload(
            HttpServletRequest request,
            @Parameter(description = "host that ran the iperf3 client") @RequestParam(required = false) String sut,
            @Parameter(description = "host that ran the iperf3 server") @RequestParam(required = false) String peer,
            @Parameter(description = "e.g. t4g.large") @RequestParam(required = false) String instanceType,
            @Parameter(description = "e.g. ENA ARM64 2.2.1.65") @RequestParam(required = false) String driver,
            @Parameter(description = "repeatable") @RequestParam(name = "tag", required = false) List<String> tags,
            @RequestParam(required = false) Double burstLimitGbps,
            @RequestParam(required = false) Double baselineGbps) throws IOException {
        QueryParameters.requireKnown(request, UPLOAD_PARAMETERS, Set.of("tag"), "an upload");
        DeclaredFormat.checkCharset(request.getContentType());
        byte[] body = ContentEncodings.decode(
                BoundedBody.readRequest(request.getInputStream(), request.getContentLengthLong(), maxUploadBytes),
                request.getHeader("Content-Encoding"), maxUploadBytes);
        RunMetadata metadata = new RunMetadata(sut, peer, instanceType, driver, tags, burstLimitGbps, baselineGbps);
        ImportOutcome outcome = importer.importRun(body, mediaTypeOf(request), metadata);
        URI location = URI.create("/api/v1/runs/" + outcome.run().id());
        HttpStatus status = outcome.created() ? HttpStatus.CREATED : HttpStatus.OK;
        return ResponseEntity.status(status).location(location).body(queries.view(outcome.run()));
    }

    @Operation(summary = "List runs, newest first",
            description = "sut, peer, driver, instanceType and tag match case-insensitively anywhere in the value "
                    + "(driver=ena finds 'ENA ARM64 2.2.1'); protocol, direction and job exactly; from and to (UTC "
                    + "dates or times, to's date included) bound when the run started; status is complete or partial "
                    + "(a run kept from a failed or cancelled scenario).")
    @GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
    RunPage list(HttpServletRequest request, @RequestParam(required = false) String sut, @RequestParam(required = false) String peer,
                 @RequestParam(required = false) String driver, @RequestParam(required = false) String instanceType,
                 @RequestParam(required = false) String protocol, @RequestParam(required = false) String direction,
                 @RequestParam(required = false) String tag,
                 @Parameter(description = "id of the job that measured the runs") @RequestParam(required = false)
                 Long job,
                 @Parameter(description = "e.g. 2026-11-30 or 2026-11-30T09:00 (UTC)")
                 @RequestParam(required = false) String from,
                 @Parameter(description = "e.g. 2026-11-30 (the whole day) or 2026-11-30T18:00 (UTC)")
                 @RequestParam(required = false) String to,
                 @Parameter(description = "complete or partial (a failed or cancelled scenario's run); both when "
                         + "absent") @RequestParam(required = false) String status,
                 @RequestParam(defaultValue = "0") int page, @RequestParam(defaultValue = "20") int size) {
        QueryParameters.requireKnown(request, LIST_PARAMETERS, Set.of(), "the runs list");
        return queries.list(RunFilter.fromParameters(sut, peer, driver, instanceType, protocol, direction, tag, job,
                from, to, status), page, size);
    }

    @Operation(summary = "The values runs have, per name filter (sut, peer, driver, instanceType, tag), sorted",
            description = "What the pages offer as choices in their filter fields.")
    @GetMapping(path = "/values", produces = MediaType.APPLICATION_JSON_VALUE)
    KnownValues values() {
        return queries.knownValues();
    }

    @Operation(summary = "One run's summary",
            description = "With notes when iperf3 printed a value no run can have in a field that carries no "
                    + "throughput (CPU, buffer sizes, cwnd, rtt): that field reads as unknown (null) and the note "
                    + "says what was printed, e.g. \"iperf3 reported remote CPU -6.7e+19; ignored …\". An "
                    + "impossible throughput is refused whole at upload.")
    @GetMapping(path = "/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    RunView get(@PathVariable long id) {
        return queries.view(queries.get(id));
    }

    @Operation(summary = "Correct a run's labels (API token)",
            description = "A JSON merge patch of sut, peer, instanceType, driver, tags, burstLimitGbps, "
                    + "baselineGbps: absent fields stay, null clears (a limit goes back to the instance catalog's); "
                    + "a new instanceType takes the catalog's limits unless the patch gives them. Every change is "
                    + "kept in the run's history. Unknown fields are a 400 naming them.")
    @PatchMapping(path = "/{id}", consumes = {MediaType.APPLICATION_JSON_VALUE, "application/merge-patch+json"},
            produces = MediaType.APPLICATION_JSON_VALUE)
    RunSummary relabel(@PathVariable long id, @RequestBody JsonNode patch, Principal principal) {
        return labels.relabel(id, LabelPatch.fromJson(patch), principal.getName());
    }

    @Operation(summary = "Relabel a selection of runs in one step (API token)",
            description = "The runs: id=… (repeatable), or the runs list's filters (sut, peer, driver, instanceType, "
                    + "protocol, direction, tag, job, from, to, status) for every run the list shows with them, on "
                    + "every page; one of the two is required. The body is the job relabel's: a JSON merge patch of "
                    + "driver, instanceType and tags (absent stays, null clears, tags replace). Either every run "
                    + "changes or none; each changed run's history names who changed it. At most 10,000 runs; "
                    + "400 for more, for a selection of no run, or naming each field at fault; 404 for an unknown "
                    + "id. Answers {selected, changed}.")
    @Parameter(name = "id", in = ParameterIn.QUERY, description = "a run to relabel; repeatable")
    @Parameter(name = "sut", in = ParameterIn.QUERY)
    @Parameter(name = "peer", in = ParameterIn.QUERY)
    @Parameter(name = "driver", in = ParameterIn.QUERY, description = "the runs' driver now (a filter, like the list's)")
    @Parameter(name = "instanceType", in = ParameterIn.QUERY)
    @Parameter(name = "protocol", in = ParameterIn.QUERY)
    @Parameter(name = "direction", in = ParameterIn.QUERY)
    @Parameter(name = "tag", in = ParameterIn.QUERY)
    @Parameter(name = "job", in = ParameterIn.QUERY, description = "id of the job that measured the runs")
    @Parameter(name = "from", in = ParameterIn.QUERY)
    @Parameter(name = "to", in = ParameterIn.QUERY)
    @Parameter(name = "status", in = ParameterIn.QUERY)
    @PatchMapping(path = "/labels", consumes = {MediaType.APPLICATION_JSON_VALUE, "application/merge-patch+json"},
            produces = MediaType.APPLICATION_JSON_VALUE)
    RunsRelabelled relabelSelection(HttpServletRequest request, @RequestBody JsonNode patch, Principal principal) {
        RelabelSelectionQuery selection = RelabelSelectionQuery.of(request);
        return labels.relabelSelection(selection.runIds(), selection.filter(),
                SelectionLabels.fromJson(patch, "a selection of runs"), principal.getName());
    }

    @Operation(summary = "Every change of a run's labels, oldest first: who, when, old and new value")
    @GetMapping(path = "/{id}/history", produces = MediaType.APPLICATION_JSON_VALUE)
    List<LabelChange> history(@PathVariable long id) {
        return labels.history(id);
    }

    @Operation(summary = "What the agent recorded around a run",
            description = "For runs measured by a job: the job id, the SUT agent's host facts (OS, NICs, drivers, "
                    + "instance type), the routed interface's counters delta over the run ({\"interface\", "
                    + "\"delta\": {\"rx_bytes\", …}}) and iperf3's argument list. All null for uploaded runs.")
    @GetMapping(path = "/{id}/environment", produces = MediaType.APPLICATION_JSON_VALUE)
    RunEnvironment environment(@PathVariable long id) {
        return queries.environment(id);
    }

    @Operation(summary = "Every interval of every stream, and the per-interval sums, in order",
            description = "One side's report: side=receiver (what arrived) or side=sender (what was sent). Without "
                    + "side, for each direction the receiver's rows when the run has them (downloads, and runs made "
                    + "with --get-server-output), the sender's otherwise. maxPoints=N (10 to 100000) thins each "
                    + "series of more than N rows for a chart: consecutive rows in N/2 buckets, each keeping its "
                    + "slowest and fastest row, unchanged, so that drops stay visible; without it every row.")
    @GetMapping(path = "/{id}/intervals", produces = MediaType.APPLICATION_JSON_VALUE)
    List<IntervalRow> intervals(@PathVariable long id,
                                @Parameter(description = "sender or receiver") @RequestParam(required = false)
                                String side,
                                @Parameter(description = "at most this many rows per series")
                                @RequestParam(required = false) Integer maxPoints) {
        List<IntervalRow> rows = queries.intervals(id, side);
        return maxPoints == null ? rows : IntervalDownsampling.of(rows, maxPoints);
    }

    @Operation(summary = "The uploaded bytes, byte for byte")
    @GetMapping("/{id}/raw")
    ResponseEntity<byte[]> raw(@PathVariable long id) {
        RawOutput raw = queries.raw(id);
        return ResponseEntity.ok().contentType(MediaType.parseMediaType(raw.mediaType())).body(raw.content());
    }

    @Operation(summary = "Delete a run with its intervals and raw output")
    @DeleteMapping("/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void delete(@PathVariable long id) {
        queries.delete(id);
    }

    /** Kept without parameters: the raw download answers with what was uploaded, not with a charset we guessed. */
    private static String mediaTypeOf(HttpServletRequest request) {
        MediaType type = MediaType.parseMediaType(request.getContentType());
        return type.getType() + "/" + type.getSubtype();
    }
}
