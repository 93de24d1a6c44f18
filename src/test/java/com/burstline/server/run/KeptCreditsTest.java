package com.burstline.server.run;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A long run's credits come from the series figures its import kept ({@link KeptSeriesFigures}): the figures read
 * back from their stored JSON give the same credits as the intervals themselves, and the run's current limits still
 * decide which step counts. Real lab run: the shaper went from 5 Gbit/s to 500 Mbit/s at 6 s.
 */
class KeptCreditsTest {
    private static final String STEP = "iperf3-312-tcp-1-upload-burst-step-server-lab.json";
    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void keptFiguresGiveTheCreditsTheIntervalsGive() {
        Series series = series(STEP);
        SeriesFigures kept = json.readValue(json.writeValueAsString(SeriesFigures.of(series)), SeriesFigures.class);

        Credits fromKept = Credits.of(kept, new Limits(5e9, null));

        assertThat(fromKept).isEqualTo(Credits.of(series, new Limits(5e9, null)));
        assertThat(fromKept.state()).isEqualTo(Credits.State.RAN_OUT);
        assertThat(fromKept.atSeconds()).isEqualTo(6.0, org.assertj.core.data.Offset.offset(1.0));
        assertThat(kept.size()).isEqualTo(series.size());
        assertThat(kept.mean()).isEqualTo(series.mean());
    }

    @Test
    void theRunsLimitsChooseAmongTheKeptStepsOnRead() {
        SeriesFigures kept = SeriesFigures.of(series(STEP));

        // 4.8 Gbit/s before the step is under half of a 20 Gbit/s burst limit: not a burst running out
        assertThat(Credits.of(kept, new Limits(20e9, null))).isEqualTo(Credits.HELD);
        assertThat(Credits.of(kept, Limits.NONE).ranOut()).as("any level counts as high without a limit").isTrue();
    }

    @Test
    void steadyRunsHoldAndTooFewIntervalsAreUnknown() {
        Series steady = series("iperf3-312-tcp-4-upload.json");
        assertThat(SeriesFigures.of(steady).stepDowns()).isEmpty();
        assertThat(Credits.of(SeriesFigures.of(steady), new Limits(5e9, null))).isEqualTo(Credits.HELD);

        Series step = series(STEP);
        Series threeIntervals = new Series(Arrays.copyOf(step.bitsPerSecond(), 3), Arrays.copyOf(step.starts(), 3),
                Arrays.copyOf(step.ends(), 3), Arrays.copyOf(step.retransmits(), 3), 0);
        assertThat(Credits.of(SeriesFigures.of(threeIntervals), new Limits(5e9, null))).isEqualTo(Credits.UNKNOWN);
    }

    private static Series series(String sample) {
        return Series.of(TestRuns.of(sample).build().scenario(), IntervalSides.received(TestRuns.sums(sample)));
    }
}
