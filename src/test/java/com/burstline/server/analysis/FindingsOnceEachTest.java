package com.burstline.server.analysis;

import com.burstline.server.run.RunSummary;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A selection's findings once each, on the seed's real iperf3 3.12 runs and on real lab runs below the cap. */
class FindingsOnceEachTest {
    private final Map<Long, String> names = new LinkedHashMap<>();
    private final List<RunSummary> runs = new ArrayList<>();
    private final List<Finding> findings = new ArrayList<>();

    @Test
    void theSeedReadsSenderThenLossThenTheTcpRunsAsOneRangeAndEachUdpRunAgainstItsTarget() {
        add("iperf3-312-tcp-1-upload.json", "TCP 1 stream upload", 5e9);
        add("iperf3-312-tcp-4-upload.json", "TCP 4 streams upload", 5e9);
        add("iperf3-312-tcp-1-download.json", "TCP 1 stream download", 5e9);
        add("iperf3-312-tcp-4-download.json", "TCP 4 streams download", 5e9);
        add("iperf3-312-udp-1g-upload.json", "UDP 1 Gbit/s upload", 5e9);
        add("iperf3-312-udp-5g-upload.json", "UDP 5 Gbit/s upload", 5e9);

        List<FindingSummary> summaries = summaries();

        assertThat(summaries).extracting(FindingSummary::kind).startsWith("sender-limited", "packet-loss")
                .containsOnlyOnce("percent-of-limit").doesNotHaveDuplicates();
        FindingSummary loss = summaries.get(1);
        assertThat(loss.covers()).isEqualTo("UDP 1 Gbit/s upload; UDP 5 Gbit/s upload");
        assertThat(loss.runIds()).containsExactly(5L, 6L);
        // issue 29: the loss of every run it names is explained, not the first's alone
        assertThat(loss.summed()).isTrue();
        assertThat(loss.message()).matches("UDP 1 Gbit/s upload lost \\d+\\.\\d%: who dropped them is not known: "
                + "arm-b: no agent measured this run \\(it was uploaded\\), so no host counted its drops\\. "
                + "UDP 5 Gbit/s upload lost 46\\.5%: who dropped them is not known: .*\\.");
        FindingSummary limit = only("percent-of-limit", summaries);
        assertThat(limit.summed()).isTrue();
        assertThat(limit.covers()).isEqualTo("all 6 scenarios");
        assertThat(limit.message()).matches("All 4 TCP scenarios ran at 9\\d\\.\\d–9\\d\\.\\d% of the 5\\.00 Gbit/s "
                + "burst limit: the limit decided, not the driver; compare drivers on runs below it \\(fewer streams, "
                + "a -b target, or a larger instance\\)\\. UDP 1 Gbit/s upload received \\d+\\.\\d% of its 1\\.00 "
                + "Gbit/s target\\. UDP 5 Gbit/s upload received \\d+\\.\\d% of its 5\\.00 Gbit/s target\\.");
        assertThat(summaries.indexOf(limit)).as("notes after warnings").isGreaterThan(summaries.stream()
                .filter(s -> Finding.WARNING.equals(s.severity())).mapToInt(summaries::indexOf).max().orElseThrow());
    }

    @Test
    void aRunBelowTheCapKeepsTheDriverInTheAnswerAndEachBurstLimitHasItsOwnRange() {
        add("iperf3-312-tcp-1-upload-1g-server-lab.json", "TCP 1 stream upload", 5e9);
        add("iperf3-312-tcp-4-upload.json", "TCP 4 streams upload", 5e9);
        add("iperf3-312-tcp-1-download.json", "TCP 1 stream download", 10e9);

        FindingSummary limit = only("percent-of-limit", summaries());

        assertThat(limit.message()).startsWith("TCP 1 stream upload; TCP 4 streams upload ran at 20.0–95.")
                .contains("% of the 5.00 Gbit/s burst limit. TCP 1 stream download ran at 4")
                .endsWith("% of the 10.00 Gbit/s burst limit.").doesNotContain("the limit decided");
    }

    @Test
    void aKindFoundInSomeRunsNamesThemAndAKindFoundInOneRunIsThatRunsOwnSentence() {
        add("iperf3-312-tcp-4-upload.json", "TCP 4 streams upload", 5e9);
        add("iperf3-312-udp-5g-upload.json", "UDP 5 Gbit/s upload", 5e9);

        FindingSummary sender = only("sender-limited", summaries());

        assertThat(sender.covers()).isEqualTo("UDP 5 Gbit/s upload");
        assertThat(sender.runIds()).containsExactly(2L);
        assertThat(sender.severity()).isEqualTo(Finding.WARNING);
    }

    private void add(String sample, String name, double burst) {
        RealRun run = RealRun.of(sample, runs.size() + 1, burst, RealRun.T4G_LARGE_BASELINE);
        runs.add(run.summary());
        names.put(run.summary().id(), name);
        findings.addAll(RunAnalysis.findings(run.summary(), run.sums(), null));
    }

    private List<FindingSummary> summaries() {
        return FindingsOnceEach.of(runs, findings, run -> names.get(run.id()));
    }

    private static FindingSummary only(String kind, List<FindingSummary> summaries) {
        return summaries.stream().filter(summary -> summary.kind().equals(kind)).reduce((a, b) -> {
            throw new AssertionError(kind + " twice");
        }).orElseThrow();
    }
}
