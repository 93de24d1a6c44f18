package com.burstline.server.compare;

import com.burstline.iperf.Samples;
import com.burstline.server.job.AgentResult;
import com.burstline.server.job.JobMadeRuns;
import com.burstline.server.run.ApiClient;
import com.burstline.testsupport.BurstlineTest;
import com.burstline.testsupport.CsvLines;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import static com.burstline.server.ProblemAssertions.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The comparison API over real HTTP on real iperf3 output. Each real sample can be uploaded once per database (the
 * same bytes are the same run), so groups with n ≥ 2 on one scenario are made with tags: a run with two tags
 * counts in both tag groups. Subclasses choose the database.
 */
@BurstlineTest
abstract class CompareApiBehaviour {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;
    ApiClient api;

    @BeforeEach
    void client() {
        api = new ApiClient(port);
    }

    @Test
    void twoTagGroupsOnOneScenarioGetFiguresAWelchTestAndAVerdict() {
        JsonNode f1 = upload("iperf3-312-tcp-4-download.json", "?instanceType=t4g.large&sut=c1&tag=base");
        JsonNode f2 = upload("iperf3-318-tcp-4-download.json", "?instanceType=t4g.large&sut=c1&tag=base&tag=new");
        JsonNode f3 = upload("iperf3-318-tcp-4-download-stream.json", "?instanceType=t4g.large&sut=c1&tag=new",
                "application/x-ndjson");

        JsonNode result = get("/api/v1/compare?groupBy=tag&tag=base&tag=new&sut=c1");

        assertThat(result.get("groupBy").stringValue()).isEqualTo("tag");
        JsonNode scenario = result.get("scenarios").get(0);
        assertThat(result.get("scenarios").size()).isEqualTo(1);
        assertThat(scenario.get("protocol").stringValue()).isEqualTo("TCP");
        assertThat(scenario.get("direction").stringValue()).isEqualTo("download");
        assertThat(scenario.get("streams").intValue()).isEqualTo(4);
        JsonNode base = scenario.get("groups").get(0);
        JsonNode other = scenario.get("groups").get(1);
        double baseMean = (received(f1) + received(f2)) / 2;
        double otherMean = (received(f2) + received(f3)) / 2;
        assertThat(base.get("group").stringValue()).isEqualTo("base");
        assertThat(base.get("n").intValue()).isEqualTo(2);
        assertThat(base.get("mean").doubleValue()).isCloseTo(baseMean, within(1e-3));
        assertThat(base.get("median").doubleValue()).isCloseTo(baseMean, within(1e-3));
        assertThat(base.get("min").doubleValue()).isEqualTo(Math.min(received(f1), received(f2)));
        assertThat(base.get("max").doubleValue()).isEqualTo(Math.max(received(f1), received(f2)));
        assertThat(base.get("stddev").doubleValue())
                .isCloseTo(Math.abs(received(f1) - received(f2)) / Math.sqrt(2), within(1e-3));
        assertThat(base.get("ci95Low").doubleValue()).isLessThan(baseMean);
        assertThat(base.get("ci95High").doubleValue()).isGreaterThan(baseMean);
        assertThat(base.get("meanShareOfBurstLimit").doubleValue()).isCloseTo(baseMean / 5e9 * 100, within(1e-9));
        assertThat(base.get("meanShareOfBaseline").doubleValue()).isCloseTo(baseMean / 512e6 * 100, within(1e-9));
        assertThat(base.get("runIds").toString()).isEqualTo("[" + id(f1) + "," + id(f2) + "]");
        assertThat(other.get("runIds").toString()).isEqualTo("[" + id(f2) + "," + id(f3) + "]");
        assertThat(base.get("meanJitterMs").isNull()).isTrue();

        JsonNode comparison = scenario.get("comparison");
        assertThat(comparison.get("baseline").stringValue()).isEqualTo("base");
        assertThat(comparison.get("other").stringValue()).isEqualTo("new");
        assertThat(comparison.get("deltaPercent").doubleValue())
                .isCloseTo((otherMean - baseMean) / baseMean * 100, within(1e-9));
        assertThat(comparison.get("pValue").doubleValue()).isBetween(0.0, 1.0);
        assertThat(comparison.get("ci95LowPercent").doubleValue())
                .isLessThan(comparison.get("deltaPercent").doubleValue());
        // both groups are the shared samples at 95.4% of the 5 Gbit/s shaper: the cap decided, not the tag
        assertThat(comparison.get("verdictKind").stringValue()).isEqualTo("cap-limits-both");
        assertThat(comparison.get("verdict").stringValue()).contains("the cap limits both on 4-stream download",
                "not the driver");
        assertThat(comparison.get("practicalDifferencePercent").doubleValue()).isEqualTo(1.0);
    }

    @Test
    void groupsKeepTheRequestedOrderAndBaselineSwapsTheComparison() {
        upload("iperf3-312-udp-1g-upload.json", "?driver=2.10.0&sut=c2&instanceType=t4g.large");
        upload("iperf3-318-udp-1g-upload.json", "?driver=2.11.0&sut=c2&instanceType=t4g.large");

        JsonNode asked = get("/api/v1/compare?groupBy=driver&driver=2.11.0&driver=2.10.0&sut=c2")
                .get("scenarios").get(0);
        JsonNode swapped = get("/api/v1/compare?groupBy=driver&driver=2.11.0&driver=2.10.0&sut=c2&baseline=2.10.0")
                .get("scenarios").get(0);

        assertThat(asked.get("targetBitsPerSecond").longValue()).isEqualTo(1_000_000_000L);
        assertThat(asked.get("groups").get(0).get("group").stringValue()).isEqualTo("2.11.0");
        assertThat(asked.get("comparison").get("baseline").stringValue()).isEqualTo("2.11.0");
        assertThat(swapped.get("comparison").get("baseline").stringValue()).isEqualTo("2.10.0");
        // 3.12 sent 86% of its target (the sender), 3.18 all of it with nothing lost (the driver): no driver verdict
        assertThat(swapped.get("comparison").get("verdictKind").stringValue()).isEqualTo("decided-apart");
        assertThat(swapped.get("comparison").get("verdict").stringValue())
                .startsWith("decided apart on UDP 1 Gbit/s upload (driver 2.10.0: the sender; driver 2.11.0: the "
                        + "driver)").contains("against driver 2.10.0").doesNotContain("faster", "95% interval");
        JsonNode udp312 = asked.get("groups").get(1);
        assertThat(udp312.get("meanLostPercent").doubleValue()).isCloseTo(47.5022184820458, within(1e-9));
        assertThat(udp312.get("meanJitterMs").doubleValue()).isPositive();
        assertThat(udp312.get("stddev").isNull()).isTrue();
    }

    @Test
    void explicitRunIdsSelectRunsAndFindingsAreServedPerRun() {
        JsonNode udp5g = upload("iperf3-318-udp-5g-upload.json", "?instanceType=t4g.large&driver=ids");

        JsonNode result = get("/api/v1/compare?run=" + id(udp5g));
        JsonNode findings = get("/api/v1/runs/" + id(udp5g) + "/findings");

        assertThat(result.get("scenarios").get(0).get("groups").get(0).get("runIds").toString())
                .isEqualTo("[" + id(udp5g) + "]");
        assertThat(result.get("scenarios").get(0).has("comparison")).isTrue();
        assertThat(result.get("scenarios").get(0).get("comparison").isNull()).isTrue();
        assertThat(kinds(findings)).contains("percent-of-limit", "sender-limited");
        JsonNode sender = finding(findings, "sender-limited");
        assertThat(sender.get("message").stringValue()).contains("not the network");
        assertThat(sender.get("data").get("targetBitsPerSecond").longValue()).isEqualTo(5_000_000_000L);
    }

    @Test
    void groupByJobComparesTheRunsOfTwoJobsAndTheJobFilterSelectsOneJobsRuns() {
        JobMadeRuns.Measured first;
        JobMadeRuns.Measured second;
        try (JobMadeRuns jobs = new JobMadeRuns(port, ApiClient.TOKEN)) {
            String job = "{\"sut\": \"jobcmp-sut\", \"peer\": \"jobcmp-peer\", \"repeat\": %d, \"scenarios\": "
                    + "[{\"protocol\": \"TCP\", \"streams\": 1, \"direction\": \"upload\", \"durationSeconds\": 5}]}";
            first = jobs.measure(job.formatted(1), AgentResult.of("iperf3-312-tcp-1-upload.json"));
            second = jobs.measure(job.formatted(2), AgentResult.of("iperf3-318-tcp-1-upload.json"),
                    AgentResult.of("iperf3-318-tcp-1-upload-stream.json"));
        }
        JsonNode uploaded = upload("iperf3-312-tcp-2-upload-omit-loopback.json", "?sut=jobcmp-sut");
        String a = Long.toString(first.jobId());
        String b = Long.toString(second.jobId());

        JsonNode asked = get("/api/v1/compare?groupBy=job&job=" + b + "&job=" + a);
        JsonNode all = get("/api/v1/compare?groupBy=job&sut=jobcmp-sut");
        JsonNode oneJob = get("/api/v1/compare?job=" + b);

        assertThat(asked.get("groupBy").stringValue()).isEqualTo("job");
        assertThat(asked.get("scenarios").size()).isEqualTo(1);
        JsonNode scenario = asked.get("scenarios").get(0);
        assertThat(scenario.get("groups").get(0).get("group").stringValue()).isEqualTo(b);
        assertThat(scenario.get("groups").get(0).get("runIds").toString())
                .isEqualTo(second.runIds().toString().replace(" ", ""));
        assertThat(scenario.get("groups").get(1).get("group").stringValue()).isEqualTo(a);
        assertThat(scenario.get("groups").get(1).get("runIds").toString()).isEqualTo("[" + first.runIds().get(0) + "]");
        assertThat(scenario.get("comparison").get("baseline").stringValue()).isEqualTo(b);
        assertThat(scenario.get("comparison").get("verdict").stringValue()).contains("1-stream upload");
        assertThat(all.get("scenarios").size()).isEqualTo(2);
        assertThat(all.get("scenarios").get(1).get("groups").get(0).get("group").stringValue()).isEqualTo("(none)");
        assertThat(all.get("scenarios").get(1).get("groups").get(0).get("runIds").toString())
                .isEqualTo("[" + id(uploaded) + "]");
        assertThat(oneJob.get("groupBy").stringValue()).isEqualTo("driver");
        assertThat(oneJob.get("scenarios").get(0).get("groups").get(0).get("group").stringValue())
                .isEqualTo("ena 2.11.0");
        assertThat(oneJob.get("scenarios").get(0).get("groups").get(0).get("runIds").toString())
                .isEqualTo(second.runIds().toString().replace(" ", ""));
        assertProblem(api.get("/api/v1/compare?job=abc"), 400, "job must be a job id (a number), not 'abc'");
        assertProblem(api.get("/api/v1/compare?groupBy=job&job=" + a + "&job=x"), 400, "'x'");
    }

    /**
     * Two jobs on one pair labelled as two drivers: the later job's results link Compare with exactly those two
     * drivers, the earlier one the baseline; Compare says what decided each side (the 2-stream run at the lab's
     * shaper: the cap; the loopback one read as a t4g.large, retransmitting: the path) and names no faster driver.
     */
    @Test
    void aJobsResultsLinkTwoDriversOnItsPairAndCompareSaysWhatDecidedEach() {
        JobMadeRuns.Measured older;
        JobMadeRuns.Measured newer;
        try (JobMadeRuns jobs = new JobMadeRuns(port, ApiClient.TOKEN)) {
            String job = "{\"sut\": \"link-a\", \"peer\": \"link-b\", \"labels\": {\"driver\": \"%s\", "
                    + "\"instanceType\": \"t4g.large\"}, \"scenarios\": [{\"protocol\": \"TCP\", \"streams\": 2, "
                    + "\"direction\": \"upload\", \"durationSeconds\": 5}]}";
            older = jobs.measure(job.formatted("ENA 2.2.1"),
                    AgentResult.of("iperf3-312-tcp-2-upload-ceiling-server-lab.json"));
            newer = jobs.measure(job.formatted("ENA 2.11.0"), AgentResult.of("iperf3-39-tcp-2-upload-loopback.json"));
        }

        JsonNode link = get("/api/v1/jobs/" + newer.jobId() + "/results").get("driverComparison");
        JsonNode back = get("/api/v1/jobs/" + older.jobId() + "/results").get("driverComparison");

        assertThat(link.get("text").stringValue())
                .isEqualTo("Compare drivers on link-a/link-b: ENA 2.2.1 vs ENA 2.11.0");
        assertThat(link.get("href").stringValue()).isEqualTo("/compare?groupBy=driver&pair=link-a/link-b"
                + "&driver=ENA%202.2.1&driver=ENA%202.11.0&baseline=ENA%202.2.1");
        assertThat(back.get("text").stringValue()).as("the other driver is the baseline")
                .isEqualTo("Compare drivers on link-a/link-b: ENA 2.11.0 vs ENA 2.2.1");
        JsonNode scenarios = get("/api/v1" + link.get("href").stringValue()).get("scenarios");
        assertThat(scenarios).hasSize(1);
        assertThat(scenarios.get(0).get("groups").valueStream().map(group -> group.get("group").stringValue()))
                .containsExactly("ENA 2.2.1", "ENA 2.11.0");
        JsonNode comparison = scenarios.get(0).get("comparison");
        assertThat(comparison.get("baseline").stringValue()).isEqualTo("ENA 2.2.1");
        assertThat(comparison.get("verdictKind").stringValue()).isEqualTo("decided-apart");
        assertThat(comparison.get("verdict").stringValue()).startsWith("decided apart on 2-stream upload "
                        + "(driver ENA 2.2.1: the cap; driver ENA 2.11.0: the path)")
                .doesNotContain("faster", "slower");
        assertThat(comparison.get("deltaPercent").isNumber()).as("the difference stays, as a figure").isTrue();
        String csv = api.get("/api/v1/export/comparison.csv?" + link.get("href").stringValue()
                .substring("/compare?".length())).body();
        assertThat(csv).contains("decided-apart");
    }

    @Test
    void groupByPairComparesTwoPairsAndThePairFilterMatchesBothAgentsExactly() {
        JsonNode ab = upload("iperf3-312-tcp-4-upload.json", "?sut=pair-a&peer=pair-b");
        JsonNode cd = upload("iperf3-318-tcp-4-upload.json", "?sut=pair-c&peer=pair-d");
        upload("iperf3-312-tcp-4-upload-long-loopback.json", "?sut=pair-a&peer=pair-bb");

        JsonNode pairs = get("/api/v1/compare?groupBy=pair&pair=PAIR-A/pair-b&pair=pair-c/pair-d").get("scenarios")
                .get(0);
        JsonNode one = get("/api/v1/compare?pair=pair-a/pair-b&groupBy=sut").get("scenarios").get(0);

        assertThat(pairs.get("groups").size()).isEqualTo(2);
        assertThat(pairs.get("groups").get(0).get("group").stringValue()).isEqualTo("PAIR-A/pair-b");
        assertThat(pairs.get("groups").get(0).get("runIds").toString()).isEqualTo("[" + id(ab) + "]");
        assertThat(pairs.get("groups").get(1).get("runIds").toString()).isEqualTo("[" + id(cd) + "]");
        assertThat(pairs.get("comparison").get("baseline").stringValue()).isEqualTo("PAIR-A/pair-b");
        assertThat(one.get("groups").size()).isEqualTo(1);
        assertThat(one.get("groups").get(0).get("runIds").toString()).isEqualTo("[" + id(ab) + "]");
        assertProblem(api.get("/api/v1/compare?pair=pair-a"), 400,
                "pair must be two agent names as SUT/peer (e.g. arm-a/arm-b), not 'pair-a'");
        assertProblem(api.get("/api/v1/compare?groupBy=pair&pair=a/b&pair=c/d/e"), 400, "'c/d/e'");
    }

    @Test
    void groupByDirectionSetsEachUploadBesideItsDownloadTwinOnTheSamePair() {
        JsonNode up1 = upload("iperf3-312-tcp-1-upload-server-lab.json", "?sut=dir-a&peer=dir-b");
        JsonNode up2 = upload("iperf3-312-tcp-1-upload-1g-server-lab.json", "?sut=dir-a&peer=dir-b");
        JsonNode down1 = upload("iperf3-312-tcp-1-download.json", "?sut=dir-a&peer=dir-b");
        JsonNode down2 = upload("iperf3-318-tcp-1-download.json", "?sut=dir-a&peer=dir-b");
        JsonNode bidir = upload("iperf3-312-tcp-1-bidir-loopback.json", "?sut=dir-a&peer=dir-b");
        JsonNode otherPair = upload("iperf3-312-tcp-1-download-4g-server-lab.json", "?sut=dir-a&peer=dir-c");

        JsonNode result = get("/api/v1/compare?groupBy=direction&sut=dir-a");

        assertThat(result.get("groupBy").stringValue()).isEqualTo("direction");
        assertThat(result.get("scenarios").size()).as("one scenario per pair").isEqualTo(2);
        JsonNode twins = result.get("scenarios").get(0);
        assertThat(twins.get("pair").stringValue()).isEqualTo("dir-a/dir-b");
        assertThat(twins.get("direction").stringValue()).isEqualTo("upload vs download");
        assertThat(twins.get("groups").valueStream().map(g -> g.get("group").stringValue()))
                .containsExactly("upload", "download");
        assertThat(twins.get("groups").get(0).get("runIds").toString())
                .isEqualTo("[" + id(up1) + "," + id(up2) + "]");
        assertThat(twins.get("groups").get(1).get("runIds").toString())
                .isEqualTo("[" + id(down1) + "," + id(down2) + "]");
        assertThat(result.toString()).as("a --bidir run is no one's twin").doesNotContain("," + id(bidir) + "]")
                .doesNotContain("[" + id(bidir) + ",").doesNotContain("[" + id(bidir) + "]");
        JsonNode comparison = twins.get("comparison");
        assertThat(comparison.get("baseline").stringValue()).isEqualTo("upload");
        assertThat(comparison.get("ci95LowPercent").isNumber()).as("repeats give an interval").isTrue();
        assertThat(comparison.get("verdict").stringValue()).contains("1-stream TCP on dir-a/dir-b")
                .endsWith("download is 55.8% faster than upload (95% interval -713.9 to 825.5%)");
        // 2.89 Gbit/s up (one of the two on the lab's 1 Gbit/s shaper), 4.5 down; every CPU under 40%; dir-b is
        // no agent
        assertThat(comparison.get("explanation").stringValue()).isEqualTo("neither the limits nor the CPUs explain "
                + "it: look at the driver; the peer's limits are unknown");
        JsonNode alone = result.get("scenarios").get(1);
        assertThat(alone.get("pair").stringValue()).isEqualTo("dir-a/dir-c");
        assertThat(alone.get("groups").get(0).get("runIds").toString()).isEqualTo("[" + id(otherPair) + "]");
        assertThat(alone.get("comparison").isNull()).isTrue();
        assertThat(alone.get("direction").stringValue()).as("no twin: what it is").isEqualTo("download");

        JsonNode downloadOnly = get("/api/v1/compare?groupBy=direction&direction=download&sut=dir-a&peer=dir-b");
        assertThat(downloadOnly.get("scenarios").get(0).get("groups").valueStream()
                .map(g -> g.get("group").stringValue())).containsExactly("download");
    }

    /**
     * The peer's limits come from its agent's facts: a t4g.large peer allows half the baseline of a t4g.xlarge SUT.
     * The UDP upload's client (the SUT) sent 487 of its 1,000 Mbit/s at 94% CPU; the download got 838 Mbit/s.
     */
    @Test
    void byDirectionAPeerAgentsInstanceLimitsCanExplainTheDifference() throws Exception {
        String query = "?sut=peer-a&peer=peer-b&instanceType=t4g.xlarge";
        upload("iperf3-312-udp-1g-upload-shaped-500m-server-lab.json", query);
        upload("iperf3-312-udp-1g-download-server-lab.json", query);
        try (var peer = new com.burstline.server.job.TestAgent("http://127.0.0.1:" + port, JobMadeRuns.AGENT_TOKEN,
                "peer-b").register()) {
            JsonNode comparison = get("/api/v1/compare?groupBy=direction&sut=peer-a").get("scenarios").get(0)
                    .get("comparison");

            assertThat(comparison.get("explanation").stringValue()).isEqualTo("the sender reaching only 49% of the "
                    + "UDP target, the datagrams lost (2.4%), the sending host's CPU (peer-a, 94%) and the peer's "
                    + "t4g.large limit (5 Gbit/s burst, 512 Mbit/s baseline) could explain it");
        }
        assertThat(get("/api/v1/compare?groupBy=direction&sut=peer-a").get("scenarios").get(0).get("comparison")
                .get("explanation").stringValue()).as("the peer's agent is still known after it stopped")
                .contains("the peer's t4g.large limit");
    }

    @Test
    void theComparisonCsvHasALinePerScenarioAndGroupWithTheComparisonOnTheComparedGroupsLine() {
        // iperf3 3.22 on loopback, each at its 100 Mbit/s target
        upload("iperf3-322-tcp-1-upload-loopback.json", "?sut=csv-a&peer=csv-b&instanceType=t4g.large");
        upload("iperf3-322-tcp-1-download-loopback.json", "?sut=csv-a&peer=csv-b&instanceType=t4g.large");
        JsonNode udp = upload("iperf3-322-udp-100m-upload-loopback.json",
                "?sut=csv-a&peer=csv-b&instanceType=t4g.large");
        JsonNode api = get("/api/v1/compare?groupBy=direction&sut=csv-a");

        var response = this.api.get("/api/v1/export/comparison.csv?groupBy=direction&sut=csv-a");

        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/csv");
        assertThat(response.headers().firstValue("Content-Disposition").orElseThrow())
                .contains("burstline-comparison-by-direction-sut-csv-a.csv");
        java.util.List<java.util.Map<String, String>> lines = CsvLines.records(response.body());
        assertThat(lines).extracting(line -> line.get("scenario") + " " + line.get("group"))
                .containsExactly("TCP 1 stream upload", "TCP 1 stream download", "UDP 100 Mbit/s upload");
        JsonNode comparison = api.get("scenarios").get(0).get("comparison");
        assertThat(lines.get(0).get("deltaPercent")).as("the baseline's line").isEmpty();
        assertThat(Double.parseDouble(lines.get(1).get("deltaPercent")))
                .isEqualTo(comparison.get("deltaPercent").doubleValue());
        assertThat(lines.get(1)).containsEntry("baseline", "upload")
                .containsEntry("verdict", comparison.get("verdict").stringValue())
                .containsEntry("explanation", comparison.get("explanation").stringValue());
        assertThat(Double.parseDouble(lines.get(0).get("shareOfBurstLimit"))).isEqualTo(api.get("scenarios").get(0)
                .get("groups").get(0).get("meanShareOfBurstLimit").doubleValue());
        assertThat(lines.get(0).get("sentShareOfTarget")).as("TCP has no target").isEmpty();
        java.util.Map<String, String> udpLine = lines.get(2);
        double sent = udp.get("sentBitsPerSecond").doubleValue();
        assertThat(Double.parseDouble(udpLine.get("meanSentBitsPerSecond"))).isEqualTo(sent);
        assertThat(Double.parseDouble(udpLine.get("sentShareOfTarget"))).isCloseTo(sent / 1e8 * 100, within(1e-9));
        assertThat(udpLine.get("shareOfBurstLimit")).as("UDP is judged by its target").isEmpty();
        JsonNode udpGroup = api.get("scenarios").get(1).get("groups").get(0);
        assertThat(udpGroup.get("meanSentShareOfTarget").doubleValue()).isCloseTo(sent / 1e8 * 100, within(1e-9));
        assertThat(api.get("scenarios").get(1).get("direction").stringValue()).isEqualTo("upload");
        assertProblem(this.api.get("/api/v1/export/comparison.csv?groupBy=colour"), 400, "groupBy must be one of");
    }

    @Test
    void groupsAreNamedByWhatTheyAre() {
        upload("iperf3-312-udp-1g-upload-server-lab.json", "?sut=label-a&driver=ENA%202.2.1");

        JsonNode byDriver = get("/api/v1/compare?groupBy=driver&sut=label-a").get("scenarios").get(0).get("groups");
        JsonNode byJob = get("/api/v1/compare?groupBy=job&sut=label-a").get("scenarios").get(0).get("groups");

        assertThat(byDriver.get(0).get("label").stringValue()).isEqualTo("driver ENA 2.2.1");
        assertThat(byJob.get(0).get("label").stringValue()).as("an upload has no job").isEqualTo("no job");
    }

    @Test
    void badSelectionsAreProblemDetails() {
        assertProblem(api.get("/api/v1/compare?groupBy=colour"), 400, "driver, instanceType, sut, tag, job, pair, direction");
        assertProblem(api.get("/api/v1/compare?run=abc"), 400, "'abc'");
        assertProblem(api.get("/api/v1/compare?grupBy=driver"), 400, "unknown parameter 'grupBy'");
        assertProblem(api.get("/api/v1/compare?sut=a&sut=b"), 400, "sut may be given once");
        assertProblem(api.get("/api/v1/compare?groupBy=driver&driver=a&driver=b&baseline=c"), 400, "baseline 'c'");
        assertProblem(api.get("/api/v1/compare?direction=sideways"), 400, "direction must be");
        assertProblem(api.get("/api/v1/runs/987654/findings"), 404, "no run with id 987654");
    }

    private JsonNode upload(String sample, String query) {
        return upload(sample, query, "application/json");
    }

    private JsonNode upload(String sample, String query, String type) {
        var response = api.upload(Samples.bytes(sample), type, query);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return JSON.readTree(response.body());
    }

    private JsonNode get(String path) {
        var response = api.get(path);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return JSON.readTree(response.body());
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    private static double received(JsonNode run) {
        return run.get("receivedBitsPerSecond").doubleValue();
    }

    private static long id(JsonNode run) {
        return run.get("id").longValue();
    }

    private static java.util.List<String> kinds(JsonNode findings) {
        java.util.List<String> kinds = new java.util.ArrayList<>();
        findings.forEach(finding -> kinds.add(finding.get("kind").stringValue()));
        return kinds;
    }

    private static JsonNode finding(JsonNode findings, String kind) {
        for (JsonNode finding : findings) {
            if (kind.equals(finding.get("kind").stringValue())) {
                return finding;
            }
        }
        throw new AssertionError("no " + kind + " finding in " + findings);
    }
}
