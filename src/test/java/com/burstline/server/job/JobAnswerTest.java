package com.burstline.server.job;

import com.burstline.server.catalog.VerdictStep;
import com.burstline.server.run.RunSummary;
import com.burstline.server.run.TestRuns;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The job's short answer on real iperf3 outputs (src/test/resources/iperf3), labelled as a t4g.large's runs: each
 * scenario is covered by a sentence that states its own verdict, in the article's form.
 */
class JobAnswerTest {
    private static final double BURST = 5e9;
    private static final double BASELINE = 0.512e9;

    private final List<JobResults.Row> rows = new ArrayList<>();

    @Test
    void tcpAtTheCapSaysTheRangeItsShareOfTheBurstAndThatTheCapDecided() {
        RunSummary one = add("iperf3-312-tcp-1-upload-server-lab.json");
        RunSummary two = add("iperf3-312-tcp-2-upload-ceiling-server-lab.json");
        assertThat(List.of(one.verdict().id(), two.verdict().id())).containsOnly(VerdictStep.CAP);

        JobAnswer.Answer answer = JobAnswer.of(rows, List.of());

        assertThat(answer.sentences()).singleElement().satisfies(sentence -> {
            assertThat(sentence.text()).matches("TCP upload \\d\\.\\d\\d–\\d\\.\\d\\d Gbit/s, \\d+\\.\\d–\\d+\\.\\d% "
                    + "of the 5 Gbit/s burst: the cap decided\\.");
            assertThat(sentence.covers()).containsExactly(1, 2);
            assertThat(sentence.verdicts()).containsExactly(VerdictStep.CAP);
        });
        assertThat(answer.text()).isEqualTo(answer.sentences().get(0).text());
    }

    @Test
    void aDownloadIsSetBesideTheUploadOfTheSameStreamsWithItsIntervalOnceBothWereRepeated() {
        add("iperf3-312-tcp-1-upload-server-lab.json");
        add("iperf3-312-tcp-1-upload-1g-server-lab.json");
        RunSummary down = add("iperf3-312-tcp-1-download-4g-server-lab.json");
        add("iperf3-312-tcp-1-download.json");

        JobAnswer.Answer answer = JobAnswer.of(rows, List.of());

        assertThat(answer.sentences()).hasSize(2);
        JobAnswer.Sentence download = answer.sentences().get(1);
        assertThat(download.text()).startsWith("TCP download ")
                .containsPattern("\\d+\\.\\d% (lower|higher) than the upload \\(95% interval -?\\d+\\.\\d to -?\\d+\\.\\d%\\)");
        assertThat(download.covers()).containsExactly(3, 4);
        assertThat(download.verdicts()).contains(down.verdict().id());
    }

    @Test
    void runsOfTwoStreamCountsAreNotRepeatsOfOne_theDifferenceHasNoInterval() {
        add("iperf3-318-tcp-1-upload.json");
        add("iperf3-318-tcp-4-upload.json");
        add("iperf3-318-tcp-1-download.json");
        add("iperf3-318-tcp-4-download.json");

        JobAnswer.Sentence download = JobAnswer.of(rows, List.of()).sentences().get(1);

        assertThat(download.text()).containsPattern("\\d+\\.\\d% (lower|higher) than the upload, ")
                .doesNotContain("95% interval");
    }

    @Test
    void aDownloadOfOtherStreamCountsThanTheUploadsIsNotSetBesideThem() {
        add("iperf3-312-tcp-1-upload-server-lab.json");
        add("iperf3-312-tcp-4-download.json");

        JobAnswer.Sentence download = JobAnswer.of(rows, List.of()).sentences().get(1);

        assertThat(download.text()).startsWith("TCP download ").doesNotContain("than the upload");
    }

    @Test
    void udpScenariosAreGatheredByWhatDecidedThemEachWithTheFigureThatShowsIt() {
        List<JobResults.Row> udp = new ArrayList<>();
        RunSummary fiveG = TestRuns.of("iperf3-312-udp-5g-upload.json").id(1).labels("a", "b", "t4g.large", "ENA",
                List.of()).limits(BURST, BASELINE).build();
        RunSummary shaped = TestRuns.of("iperf3-312-udp-1g-upload-shaped-500m-server-lab.json").id(2)
                .labels("a", "b", "t4g.large", "ENA", List.of()).limits(BURST, BASELINE).build();
        udp.add(row(1, fiveG));
        udp.add(row(2, shaped));
        assertThat(fiveG.verdict().id()).isEqualTo(VerdictStep.SENDER);

        JobAnswer.Answer answer = JobAnswer.of(List.of(), udp);

        for (JobResults.Row each : udp) {
            VerdictStep verdict = each.run().verdict().id();
            assertThat(answer.sentences()).filteredOn(sentence -> sentence.covers().contains(each.position()))
                    .singleElement().satisfies(sentence -> {
                        assertThat(sentence.verdicts()).containsExactly(verdict);
                        assertThat(sentence.text()).startsWith("UDP: ").contains(each.run().scenario().name());
                    });
        }
        assertThat(answer.text()).contains("UDP: the sender decided (UDP 5 Gbit/s upload: it sent ");
    }

    @Test
    void aLoopbackRunLabelledAsAnInstanceIsSaidApartAsBeyondTheLimitAndKeptOutOfTheRanges() {
        add("iperf3-312-tcp-1-upload-server-lab.json");
        add("iperf3-312-tcp-4-upload-loopback.json");

        List<JobAnswer.Sentence> sentences = JobAnswer.of(rows, List.of()).sentences();

        assertThat(sentences).hasSize(2);
        assertThat(sentences.get(0).verdicts()).containsExactly(VerdictStep.BEYOND_THE_LIMIT);
        assertThat(sentences.get(0).covers()).containsExactly(2);
        assertThat(sentences.get(0).text()).startsWith("Beyond the limit (the instance type is wrong or the traffic "
                + "never crossed the NIC").contains("TCP 4 streams upload 5.79 Gbit/s, 115.8% of the 5 Gbit/s burst "
                + "limit").doesNotContain("the cap");
        assertThat(sentences.get(1).covers()).containsExactly(1);
        assertThat(sentences.get(1).text()).matches("TCP upload \\d\\.\\d\\d Gbit/s, 9\\d\\.\\d% of the 5 Gbit/s burst: the "
                + "cap decided\\.");
    }

    @Test
    void partialRunsAreLeftOutAndNoRunIsNoAnswer() {
        rows.add(row(1, TestRuns.of("iperf3-312-tcp-1-upload-server-lab.json").id(1).labels("a", "b", "t4g.large",
                "ENA", List.of()).limits(BURST, BASELINE).partial("the agent was lost").build()));

        JobAnswer.Answer answer = JobAnswer.of(rows, List.of());

        assertThat(answer.sentences()).isEmpty();
        assertThat(answer.text()).isEmpty();
    }

    private RunSummary add(String sample) {
        RunSummary run = TestRuns.of(sample).id(rows.size() + 1).labels("arm-a", "arm-b", "t4g.large", "ENA 2.11.0",
                List.of()).limits(BURST, BASELINE).build();
        rows.add(row(rows.size() + 1, run));
        return run;
    }

    private static JobResults.Row row(int position, RunSummary run) {
        return new JobResults.Row(position, position, run.scenario().name(), "iperf3", run, List.of(), null,
                "not measured");
    }
}
