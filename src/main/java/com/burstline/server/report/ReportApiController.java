package com.burstline.server.report;

import com.burstline.server.compare.GroupBy;
import com.burstline.server.compare.SelectionQuery;
import com.burstline.server.system.BurstlineProperties;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "Reports", description = "The write-up of a selection of runs")
class ReportApiController {
    static final MediaType MARKDOWN = new MediaType("text", "markdown", java.nio.charset.StandardCharsets.UTF_8);

    private final Reports reports;
    private final String publicUrl;
    private final java.time.Clock clock = java.time.Clock.systemUTC();

    ReportApiController(Reports reports, BurstlineProperties properties) {
        this.reports = reports;
        this.publicUrl = properties.publicUrl();
    }

    @Operation(summary = "Report of a selection as Markdown",
            description = "The same selection parameters as /api/v1/compare (groupBy defaults to driver). The "
                    + "printable HTML page with charts is /reports with the same query.")
    @GetMapping(path = "/api/v1/reports")
    ResponseEntity<String> markdown(@RequestParam MultiValueMap<String, String> params, HttpServletRequest request) {
        Report report = reports.build(SelectionQuery.parse(params, GroupBy.DRIVER), request.getQueryString());
        // The Host header is the client's to choose, so links never come from it: burstline.public-url, or relative.
        String base = publicUrl != null ? publicUrl : request.getContextPath();
        String name = report.jobIds().size() == 1 ? "burstline-job-" + report.jobIds().get(0) + ".md"
                : "burstline-report.md";
        // A download, so that the browser saves it; with burstline.public-url its links work from the saved file.
        return ResponseEntity.ok().contentType(MARKDOWN)
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"" + name + "\"")
                .body(MarkdownReport.render(report, base, clock.instant()));
    }
}
