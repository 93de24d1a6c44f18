package com.burstline.server.analysis;

import com.burstline.contract.Direction;
import com.burstline.iperf.Samples;
import com.burstline.server.catalog.FindingKind;
import com.burstline.server.catalog.Severity;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.TestRuns;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every rule emits only kinds of the findings catalog, at a severity the catalog knows: every real sample, as
 * uploaded for a t4g.large and with another direction, its receiver's counters grown, partial, and the pairs of
 * them the asymmetry rule compares. A rule that emitted a kind the catalog lacks fails here.
 */
class CatalogKindsTest {
    private static final Set<String> KINDS = Arrays.stream(FindingKind.values()).map(FindingKind::id)
            .collect(Collectors.toSet());
    private static final Set<String> SEVERITIES = Arrays.stream(Severity.values()).map(Severity::apiName)
            .collect(Collectors.toSet());

    @Test
    void everyRuleEmitsOnlyTheCatalogsKinds() {
        List<Finding> findings = new ArrayList<>();
        List<RunSummary> runs = new ArrayList<>();
        long id = 1;
        for (String sample : Samples.successfulRuns()) {
            RealRun real = RealRun.of(sample, id++);
            RunSummary counted = TestRuns.from(real.summary()).id(id++).direction(Direction.DOWNLOAD)
                    .receiverDrops(Map.of("udp_rcvbuf_errors", 100L)).build();
            RunSummary partial = TestRuns.from(real.summary()).id(id++).partial("cancelled").build();
            for (RunSummary run : List.of(real.summary(), counted, partial)) {
                runs.add(run);
                findings.addAll(RunAnalysis.findings(run, real.figures(), null));
            }
        }
        findings.addAll(AsymmetryRule.of(runs, null));

        assertThat(findings).extracting(Finding::kind).containsAnyElementsOf(KINDS);
        assertThat(findings).allSatisfy(finding -> {
            assertThat(KINDS).as("kind of %s", finding.message()).contains(finding.kind());
            assertThat(SEVERITIES).contains(finding.severity());
            assertThat(finding.headline()).isNotBlank();
        });
        assertThat(findings.stream().map(Finding::kind).collect(Collectors.toSet()))
                .as("the samples exercise most kinds").hasSizeGreaterThanOrEqualTo(6);
    }
}
