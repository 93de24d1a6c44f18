package com.burstline.server.run;

import com.burstline.server.system.BurstlineProperties;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import java.io.IOException;
import java.net.URI;
import java.util.List;

@RestController
@RequestMapping("/api/v1/runs")
@Tag(name = "Runs", description = "Upload iperf3 results and read them back")
class RunApiController {
    static final String NDJSON = "application/x-ndjson";

    private final RunImporter importer;
    private final RunQueries queries;
    private final long maxUploadBytes;

    RunApiController(RunImporter importer, RunQueries queries, BurstlineProperties properties) {
        this.importer = importer;
        this.queries = queries;
        this.maxUploadBytes = properties.maxUploadSize().toBytes();
    }

    @Operation(summary = "Upload one iperf3 result",
            description = "The body is iperf3's output exactly as printed: -J (application/json) or --json-stream "
                    + "(application/x-ndjson). 201 for a new run, 200 when the same bytes were uploaded before.")
    @PostMapping(consumes = {MediaType.APPLICATION_JSON_VALUE, NDJSON}, produces = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<RunSummary> upload(
            HttpServletRequest request,
            @Parameter(description = "host that ran the iperf3 client") @RequestParam(required = false) String sut,
            @Parameter(description = "host that ran the iperf3 server") @RequestParam(required = false) String peer,
            @Parameter(description = "e.g. t4g.large") @RequestParam(required = false) String instanceType,
            @Parameter(description = "e.g. ENA ARM64 2.2.1.65") @RequestParam(required = false) String driver,
            @Parameter(description = "repeatable") @RequestParam(name = "tag", required = false) List<String> tags,
            @RequestParam(required = false) Double burstLimitGbps,
            @RequestParam(required = false) Double baselineGbps) throws IOException {
        DeclaredFormat.checkCharset(request.getContentType());
        byte[] body = ContentEncodings.decode(
                BoundedBody.read(request.getInputStream(), request.getContentLengthLong(), maxUploadBytes),
                request.getHeader("Content-Encoding"), maxUploadBytes);
        RunMetadata metadata = new RunMetadata(sut, peer, instanceType, driver, tags, burstLimitGbps, baselineGbps);
        ImportOutcome outcome = importer.importRun(body, mediaTypeOf(request), metadata);
        URI location = URI.create("/api/v1/runs/" + outcome.run().id());
        HttpStatus status = outcome.created() ? HttpStatus.CREATED : HttpStatus.OK;
        return ResponseEntity.status(status).location(location).body(outcome.run());
    }

    @Operation(summary = "List runs, newest first")
    @GetMapping(produces = MediaType.APPLICATION_JSON_VALUE)
    RunPage list(@RequestParam(required = false) String sut, @RequestParam(required = false) String peer,
                 @RequestParam(required = false) String driver, @RequestParam(required = false) String instanceType,
                 @RequestParam(required = false) String protocol, @RequestParam(required = false) String direction,
                 @RequestParam(required = false) String tag,
                 @Parameter(description = "id of the job that measured the runs") @RequestParam(required = false)
                 Long job,
                 @RequestParam(defaultValue = "0") int page, @RequestParam(defaultValue = "20") int size) {
        return queries.list(new RunFilter(sut, peer, driver, instanceType, protocol, direction, tag, job), page,
                size);
    }

    @Operation(summary = "One run's summary")
    @GetMapping(path = "/{id}", produces = MediaType.APPLICATION_JSON_VALUE)
    RunSummary get(@PathVariable long id) {
        return queries.get(id);
    }

    @Operation(summary = "What the agent recorded around a run",
            description = "For runs measured by a job: the job id, the SUT agent's host facts (OS, NICs, drivers, "
                    + "instance type), the routed interface's counters delta over the run ({\"interface\", "
                    + "\"delta\": {\"rx_bytes\", …}}) and iperf3's argument list. All null for uploaded runs.")
    @GetMapping(path = "/{id}/environment", produces = MediaType.APPLICATION_JSON_VALUE)
    RunEnvironment environment(@PathVariable long id) {
        return queries.environment(id);
    }

    @Operation(summary = "Every interval of every stream, and the per-interval sums, in order")
    @GetMapping(path = "/{id}/intervals", produces = MediaType.APPLICATION_JSON_VALUE)
    List<IntervalRow> intervals(@PathVariable long id) {
        return queries.intervals(id);
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
