package com.burstline.server.probe;

import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.function.DoubleUnaryOperator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Series are generated here as a probe would see them: one sample per interval, each the mean rate over it (so an
 * interval the drop cuts in two lies in between), with seeded noise of a few percent and a slow first interval.
 */
class StepDownTest {
    private static final double BURST = 5e9;
    private static final double BASELINE = 0.512e9;

    @Test
    void aDropIsConfirmedAfterThreeLowIntervalsAndPlacedWithinTheIntervalItCut() {
        for (double dropAt : new double[]{6.0, 6.3, 6.7, 41.5}) {
            StepDown detector = new StepDown();
            int fed = feed(detector, stepAt(dropAt), 1.0, 120, new Random(7));
            ProbeFigures figures = detector.figures();

            assertThat(detector.confirmed()).isTrue();
            assertThat(fed).as("intervals fed until confirmed, drop at " + dropAt)
                    .isLessThanOrEqualTo((int) Math.ceil(dropAt) + StepDown.CONFIRMING_INTERVALS);
            assertThat(figures.exhaustedAfterSeconds()).as("drop at " + dropAt).isCloseTo(dropAt, within(0.5));
            assertThat(figures.burstBitsPerSecond()).isCloseTo(BURST, within(0.05 * BURST));
            assertThat(figures.baselineBitsPerSecond()).isCloseTo(BASELINE, within(0.05 * BASELINE));
            // the slow first interval is real bits too; it sent half of a second's burst
            double expectedCredit = (dropAt - 0.5) * (BURST - BASELINE);
            assertThat(figures.creditBits()).as("drop at " + dropAt).isCloseTo(expectedCredit,
                    within(0.05 * expectedCredit));
        }
    }

    @Test
    void aSteadyTransferWithShortDipsNeverDrops() {
        StepDown detector = new StepDown();
        DoubleUnaryOperator dipping = t -> (t >= 10 && t < 12) || (t >= 30 && t < 31) ? 0.3 * BURST : BURST;
        int fed = feed(detector, dipping, 1.0, 60, new Random(11));

        assertThat(fed).isEqualTo(60);
        ProbeFigures figures = detector.figures();
        assertThat(figures.dropped()).isFalse();
        assertThat(figures.exhaustedAfterSeconds()).isNull();
        assertThat(figures.baselineBitsPerSecond()).isNull();
        assertThat(figures.creditBits()).isNull();
        assertThat(figures.burstBitsPerSecond()).as("dips stay out of the burst level")
                .isCloseTo(BURST, within(0.03 * BURST));
        assertThat(figures.measuredSeconds()).isCloseTo(60, within(1e-9));
        assertThat(figures.intervals()).isEqualTo(60);
    }

    @Test
    void aLinkThatStartsAtItsBaselineHasNoDropToFind() {
        StepDown detector = new StepDown();
        feed(detector, t -> BASELINE, 1.0, 30, new Random(3));

        assertThat(detector.figures().dropped()).isFalse();
        assertThat(detector.figures().burstBitsPerSecond()).isCloseTo(BASELINE, within(0.05 * BASELINE));
    }

    @Test
    void aDropRightAfterTheStartWaitsForEnoughBurstIntervalsToCompareWith() {
        StepDown detector = new StepDown();
        feed(detector, stepAt(2), 1.0, 20, new Random(5));

        assertThat(detector.figures().dropped()).as("two intervals are too few to call a burst level").isFalse();
    }

    @Test
    void longerIntervalsPlaceTheDropWithinOneOfThem() {
        StepDown detector = new StepDown();
        feed(detector, stepAt(23.0), 5.0, 60, new Random(9));

        assertThat(detector.figures().exhaustedAfterSeconds()).isCloseTo(23.0, within(2.5));
    }

    @Test
    void repeatedAndOutOfOrderSamplesAreIgnored() {
        StepDown detector = new StepDown();
        detector.add(0, 1, BURST);
        detector.add(1, 2, BURST);
        detector.add(1, 2, BURST);
        detector.add(0.5, 1.5, BASELINE);
        detector.add(2, 2, BASELINE);

        assertThat(detector.figures().intervals()).isEqualTo(2);
    }

    /** Burst rate until {@code dropAt}, baseline after. */
    private static DoubleUnaryOperator stepAt(double dropAt) {
        return t -> t < dropAt ? BURST : BASELINE;
    }

    /**
     * Feeds the mean of {@code rate} over each interval, with 2% noise and the first interval at half rate, until the
     * detector confirms a drop or {@code count} intervals are in. Returns how many were fed.
     */
    private static int feed(StepDown detector, DoubleUnaryOperator rate, double interval, int count, Random noise) {
        for (int i = 0; i < count; i++) {
            double start = i * interval;
            double mean = 0;
            int steps = 100;
            for (int s = 0; s < steps; s++) {
                mean += rate.applyAsDouble(start + (s + 0.5) * interval / steps) / steps;
            }
            double bitsPerSecond = mean * (i == 0 ? 0.5 : 1 + 0.02 * noise.nextGaussian());
            if (detector.add(start, start + interval, bitsPerSecond)) {
                return i + 1;
            }
        }
        return count;
    }
}
