package com.burstline.server.compare;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Tag(name = "Compare", description = "Groups of runs side by side, per scenario, with Welch's t-test")
class CompareApiController {
    private final Comparisons comparisons;

    CompareApiController(Comparisons comparisons) {
        this.comparisons = comparisons;
    }

    @Operation(summary = "Compare groups of runs per scenario",
            description = "groupBy=driver|instanceType|sut|tag|job|pair (default driver). Filters sut, peer, driver, "
                    + "instanceType, protocol, direction, tag, job (a job id) and pair (SUT/peer, both agents "
                    + "exactly); the groupBy dimension's filter may repeat to pick the groups in order (e.g. "
                    + "groupBy=driver&driver=2.10.0&driver=2.11.0, groupBy=job&job=12&job=15, "
                    + "job=12&groupBy=pair&pair=arm-a/arm-b&pair=arm-c/arm-d for an A/B job's two pairs). "
                    + "baseline= names the group the other is compared to; run= picks runs by id. With two groups "
                    + "a scenario's comparison has the difference (deltaPercent, its 95% interval, pValue) and a "
                    + "verdict: on the driver (verdictKind significant, not-significant, no-practical-difference, "
                    + "too-few-runs, no-spread) only where every run of both groups has the run verdict driver; "
                    + "otherwise what decided each side, in the findings catalog's words (cap-limits-both, "
                    + "sender-limits-both, receiver-limits-both, path-limits-both, beyond-the-limit, not-known, "
                    + "decided-apart). Grouped by direction the statistics speak, with an explanation.")
    @GetMapping(path = "/api/v1/compare", produces = MediaType.APPLICATION_JSON_VALUE)
    ComparisonResult compare(@RequestParam MultiValueMap<String, String> params) {
        return comparisons.compare(SelectionQuery.parse(params, GroupBy.DRIVER));
    }
}
