package com.burstline.server.catalog;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import java.util.Arrays;
import java.util.List;

@RestController
@Tag(name = "Analysis", description = "What a careful engineer would point out about a run")
class FindingCatalogController {

    /** The catalog as the API shows it: each kind and each verdict step with its words and thresholds. */
    record Catalog(List<Kind> kinds, List<Step> verdicts) {
    }

    record Kind(String id, Severity severity, String meaning, String next, List<Threshold> thresholds) {
    }

    record Step(String id, String words, String meaning, String next, List<Threshold> thresholds, String measures) {
    }

    static Catalog catalog() {
        return new Catalog(Arrays.stream(FindingKind.values()).map(kind -> new Kind(kind.id(), kind.severity(),
                kind.guidance().meaning(), kind.guidance().next(), kind.guidance().thresholds())).toList(),
                Arrays.stream(VerdictStep.values()).map(step -> new Step(step.id(), step.words(),
                        step.guidance().meaning(), step.guidance().next(), step.guidance().thresholds(),
                        step.measures())).toList());
    }

    @Operation(summary = "The findings catalog: every finding kind and every verdict step",
            description = "Each finding kind (id, severity, meaning, what to check next, thresholds with the real "
                    + "runs behind them) and each step of the verdict, in the order the decision takes them (id, "
                    + "words, meaning, next, thresholds, and measures: what a figure the step decided measures, as "
                    + "Compare says it when both sides of a comparison were decided by that step). Runs' findings and "
                    + "verdicts name these ids.")
    @GetMapping(path = "/api/v1/findings/catalog", produces = MediaType.APPLICATION_JSON_VALUE)
    Catalog get() {
        return catalog();
    }
}
