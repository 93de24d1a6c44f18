package com.burstline.server.job.planning;

import com.burstline.server.probe.ProbeFigures;

import com.burstline.contract.Scenario;

import com.burstline.contract.Direction;

import com.burstline.contract.Protocol;

import com.burstline.server.probe.ProbeView;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DesignRulesTest {
    private static final Set<String> AGENTS = Set.of("a", "b", "c", "d");
    private static final List<JobRequest.ScenarioRequest> ONE_TCP = List.of(
            new JobRequest.ScenarioRequest("TCP", "upload", 1, 2, 1.0, null, null, null));

    @Test
    void twoPairsInterleavedWithACoolDownArePlannedAsAsked() {
        PlannedJob job = check(request(pairs("a", "b", "c", "d"), "interleaved", null, CoolDownRequest.ofSeconds(5),
                2));

        assertThat(job.pairs()).containsExactly(new Pair("a", "b"), new Pair("c", "d"));
        assertThat(job.order()).isEqualTo(RunOrder.INTERLEAVED);
        assertThat(job.seed()).isNull();
        assertThat(job.coolDownSeconds()).isEqualTo(5);
        assertThat(job.ordered()).extracting(OrderedScenario::pair).containsExactly(0, 1, 0, 1);
    }

    @Test
    void aRandomizedJobKeepsTheGivenSeedOrDrawsOneThatJsonHoldsExactly() {
        assertThat(check(request(null, "randomized", 42L, null, 1)).seed()).isEqualTo(42L);
        PlannedJob drawn = check(request(null, "randomized", null, null, 1));
        assertThat(drawn.seed()).isBetween(0L, DesignRules.MAX_SEED);
        assertThat(check(request(null, null, null, null, 1)).order()).isEqualTo(RunOrder.SEQUENTIAL);
    }

    @Test
    void everyDesignProblemIsNamedAtOnce() {
        JobRequest request = new JobRequest("a", "b", null, ONE_TCP, 1, null, null, null,
                pairs("a", "b", "a", "b", "c", "c", "x", "d"), "shuffled", -1L, CoolDownRequest.ofSeconds(3601));

        assertThatThrownBy(() -> check(request)).isInstanceOf(InvalidJobException.class)
                .extracting(e -> ((InvalidJobException) e).problems()).asInstanceOf(
                        org.assertj.core.api.InstanceOfAssertFactories.list(String.class)).containsExactly(
                        "give either sut and peer or a list of pairs, not both",
                        "pairs[1] repeats the pair a → b; list each pair once and use repeat for more runs",
                        "pairs[2].sut and pairs[2].peer must be two different agents, not both 'c'",
                        "pairs[3].sut: no agent named 'x' is registered (see GET /api/v1/agents)",
                        "order must be one of 'sequential', 'interleaved', 'randomized', not 'shuffled'",
                        "seed must be a whole number from 0 to 9007199254740991, not -1",
                        "coolDownSeconds must be between 0 and 3600, not 3601");
    }

    @Test
    void aSeedWithoutARandomizedOrderAndEmptyPairsAreRefused() {
        assertThat(problems(request(List.of(), "interleaved", 1L, null, 1))).containsExactly(
                "pairs must list 1 to 10 pairs of agents, not 0",
                "seed only applies to order 'randomized', not 'interleaved'");
        assertThat(problems(request(pairs("a", null), null, null, null, 1))).containsExactly(
                "pairs[0].peer is missing: give the name of a registered agent (see GET /api/v1/agents)");
    }

    @Test
    void aCoolDownIsWholeSecondsOrAutoWhichNeedsAProbeOfTheSut() {
        assertThat(problems(request(null, null, null, CoolDownRequest.of("auto"), 1))).containsExactly(
                "coolDownSeconds 'auto' waits as long as the burst credit of each SUT takes to refill, but a has no "
                        + "upload burst probe yet: run plan 'burst-probe' with sut a (probeDirections [\"upload\"]) "
                        + "first, or give a number of seconds");
        assertThat(problems(request(null, null, null, CoolDownRequest.of(1.5), 1))).containsExactly(
                "coolDownSeconds must be a whole number of seconds from 0 to 3600 or 'auto' (as long as the SUTs' "
                        + "burst probes say their credit takes to refill), not '1.5'");
        assertThat(problems(request(null, null, null, CoolDownRequest.of("soon"), 1))).containsExactly(
                "coolDownSeconds must be a whole number of seconds from 0 to 3600 or 'auto' (as long as the SUTs' "
                        + "burst probes say their credit takes to refill), not 'soon'");
    }

    @Test
    void autoWaitsTheLongestRefillOfTheSutsLatestProbesRoundedUp() {
        ProbeView aUpload = probe(11, "a", "upload", 53.2);
        ProbeView cUpload = probe(12, "c", "upload", 80.01);
        ProbeView cDownload = probe(13, "c", "download", 500.0); // no download scenario: not used
        JobRequest request = request(pairs("a", "b", "c", "d"), null, null, CoolDownRequest.of("auto"), 1);

        PlannedJob job = JobRules.check(request, AGENTS::contains,
                host -> host.equals("a") ? List.of(aUpload) : host.equals("c") ? List.of(cUpload, cDownload)
                        : List.of());

        assertThat(job.coolDownSeconds()).isEqualTo(81);
        assertThat(job.autoCoolDown().probeJobId()).isEqualTo(12);
        assertThat(job.autoCoolDown().text()).startsWith("auto: 81 s, an estimate: the refill of c's upload credit, "
                + "40.0 Gbit (5.0 GB) above the 500.00 Mbit/s baseline at that baseline rate, from the burst probe of "
                + "job #12 (").endsWith("An estimate from one probe.");
    }

    @Test
    void autoAfterAProbeThatNeverDroppedWaitsNothingAndSaysWhy() {
        PlannedJob job = JobRules.check(request(null, null, null, CoolDownRequest.of("auto"), 2), AGENTS::contains,
                host -> List.of(probe(5, host, "upload", null)));

        assertThat(job.coolDownSeconds()).isZero();
        assertThat(job.autoCoolDown().text()).startsWith("auto: 0 s, an estimate: a's upload rate never dropped in "
                + "60.0 s of the burst probe of job #5");
    }

    private static ProbeView probe(long jobId, String host, String direction, Double refillSeconds) {
        Double baseline = refillSeconds == null ? null : 0.5e9;
        Double credit = refillSeconds == null ? null : 40e9;
        return new ProbeView(jobId, jobId * 10, host, "peer",
                Scenario.of(Protocol.TCP, Direction.fromApiName(direction))
                .streams(4).durationSeconds(600).build(), "iperf3", null,
                Instant.parse("2026-12-01T10:00:00Z"), new ProbeFigures(refillSeconds == null ? null : 10.0, 4.5e9,
                baseline, credit, 60, 60), refillSeconds, "summary");
    }

    @Test
    void theCapsCountEveryPairAndEveryCoolDown() {
        // 50 scenarios × 10 repeats × 2 pairs = 1,000 is allowed; 3 pairs are 1,500
        List<JobRequest.ScenarioRequest> fifty = java.util.Collections.nCopies(50,
                new JobRequest.ScenarioRequest("TCP", "upload", 1, 1, 1.0, null, null, null));
        JobRequest twoPairs = new JobRequest(null, null, null, fifty, 10, null, null, null, pairs("a", "b", "c", "d"),
                null, null, null);
        assertThat(check(twoPairs).ordered()).hasSize(1000);
        JobRequest threePairs = new JobRequest(null, null, null, fifty, 10, null, null, null,
                pairs("a", "b", "c", "d", "b", "a"), null, null, null);
        assertThat(problems(threePairs)).containsExactly(
                "a job runs at most 1000 scenarios (scenarios × repeat × pairs); this one would run 1500");
        // 25 one-second scenarios on one pair with an hour's cool-down between them: 24 h of waiting
        JobRequest cooling = new JobRequest("a", "b", null, fifty.subList(0, 25), 1, null, null, null, null, null,
                null, CoolDownRequest.ofSeconds(3600));
        assertThat(problems(cooling)).containsExactly("a job plans at most 24 h of measuring and waiting (duration "
                + "+ omit of every scenario × repeat × pairs, and the cool-downs between scenarios on the same "
                + "host); this one plans 24.0 h");
    }

    private static JobRequest request(List<JobRequest.PairRequest> pairs, String order, Long seed,
                                      CoolDownRequest coolDown, int repeat) {
        return new JobRequest(pairs == null ? "a" : null, pairs == null ? "b" : null, null, ONE_TCP, repeat, null,
                null, null, pairs, order, seed, coolDown);
    }

    private static List<JobRequest.PairRequest> pairs(String... agents) {
        List<JobRequest.PairRequest> pairs = new java.util.ArrayList<>();
        for (int i = 0; i < agents.length; i += 2) {
            pairs.add(new JobRequest.PairRequest(agents[i], agents[i + 1]));
        }
        return pairs;
    }

    private static PlannedJob check(JobRequest request) {
        return JobRules.check(request, AGENTS::contains);
    }

    private static List<String> problems(JobRequest request) {
        try {
            check(request);
            throw new AssertionError("the request was accepted");
        } catch (InvalidJobException invalid) {
            return invalid.problems();
        }
    }
}
