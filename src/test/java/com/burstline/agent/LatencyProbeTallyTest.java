package com.burstline.agent;

import com.burstline.contract.LatencyProbeSpec;
import com.burstline.contract.LatencySample;
import com.burstline.contract.LatencySummary;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The probe's bookkeeping on synthetic clocks: 3 s idle at 1 ms round trips, then 2 s loaded at 20 ms, the upload
 * way 19 ms slower than idle and every tenth loaded request lost. The peer's clock runs 7 s apart from the SUT's.
 */
class LatencyProbeTallyTest {
    private static final long MS = 1_000_000;
    private static final long ORIGIN = 100_000 * MS;
    private static final long PEER_CLOCK = 7_000 * MS;
    private static final LatencyProbeSpec SPEC = new LatencyProbeSpec(5211, 50, 3, 42);

    private final LatencyProbeTally tally = new LatencyProbeTally(SPEC, new LatencyProbeTimeline(3, 1, 0), ORIGIN);

    @Test
    void idleAndLoadedRoundTripsLossAndEachDirectionsRise() {
        long last = run(true);
        tally.endAt(ORIGIN + 2_000 * MS);

        List<LatencySample> samples = tally.due(last + 2_000 * MS, true);
        LatencySummary summary = tally.summary();

        assertThat(samples).extracting(LatencySample::phase)
                .containsExactly("idle", "idle", "idle", "loaded", "loaded");
        assertThat(samples.get(0).start()).isEqualTo(-3.0);
        assertThat(samples.get(4).end()).isEqualTo(2.0);
        assertThat(summary.idle().answered()).isEqualTo(150);
        assertThat(summary.idle().lost()).isZero();
        // the peer's 0.1 ms between receiving and answering is not the network's
        assertThat(summary.idle().p50Ms()).isCloseTo(1.0, within(0.01));
        assertThat(summary.loaded().answered()).isEqualTo(90);
        assertThat(summary.loaded().lost()).isEqualTo(10);
        assertThat(summary.loaded().p50Ms()).isCloseTo(20.0, within(0.2));
        assertThat(summary.uploadRise().p50Ms()).isCloseTo(19.0, within(0.2));
        assertThat(summary.downloadRise().maxMs()).isCloseTo(0.0, within(0.01));
        assertThat(summary.measuredSeconds()).isEqualTo(2.0);
        assertThat(summary.ratePerSecond()).isEqualTo(50.0);
        assertThat(summary.kind()).isEqualTo(LatencySummary.LOADED_LATENCY);
    }

    /** An interval is final only once its requests had the loss timeout; then its missing answers count lost. */
    @Test
    void anIntervalIsFinalOnlyAfterTheLossTimeout() {
        run(false);
        long endOfFirstIdle = ORIGIN - 2_000 * MS;

        assertThat(tally.due(endOfFirstIdle + 999 * MS, false)).isEmpty();
        List<LatencySample> due = tally.due(endOfFirstIdle + LatencyProbeSpec.LOSS_TIMEOUT_MILLIS * MS, false);

        assertThat(due).hasSize(1);
        assertThat(due.get(0).roundTrip().answered()).isEqualTo(50);
    }

    @Test
    void lateDuplicateAndForeignAnswersCountNothing() {
        tally.sent(0, ORIGIN - 3_000 * MS);
        tally.sent(1, ORIGIN - 2_980 * MS);
        tally.answered(0, peer(ORIGIN - 3_000 * MS), peer(ORIGIN - 3_000 * MS), ORIGIN - 1_500 * MS); // 1.5 s: late
        tally.answered(1, peer(ORIGIN - 2_980 * MS), peer(ORIGIN - 2_980 * MS), ORIGIN - 2_979 * MS);
        tally.answered(1, peer(ORIGIN - 2_980 * MS), peer(ORIGIN - 2_980 * MS), ORIGIN - 2_978 * MS);
        tally.answered(77, 0, 0, ORIGIN - 2_978 * MS);
        tally.endAt(ORIGIN);

        LatencySample only = tally.due(ORIGIN + 5_000 * MS, true).get(0);

        assertThat(only.roundTrip().answered()).isEqualTo(1);
        assertThat(only.roundTrip().lost()).isEqualTo(1);
        assertThat(tally.awaiting(ORIGIN + 5_000 * MS)).isFalse();
    }

    /** 3 s idle and 2 s loaded at 50 a second; answers as the class comment says. @return the last answer's time */
    private long run(boolean answerLoaded) {
        long last = 0;
        for (long sequence = 0; sequence < 250; sequence++) {
            long sent = ORIGIN - 3_000 * MS + sequence * 20 * MS;
            tally.sent(sequence, sent);
            boolean loaded = sent >= ORIGIN;
            if (loaded && (!answerLoaded || sequence % 10 == 0)) {
                continue;
            }
            long up = loaded ? 19_500_000 : 500_000;
            long received = peer(sent + up);
            long answered = received + MS / 10;
            last = sent + up + MS / 10 + 500_000;
            tally.answered(sequence, received, answered, last);
        }
        return last;
    }

    private static long peer(long sutNanos) {
        return sutNanos + PEER_CLOCK;
    }
}
