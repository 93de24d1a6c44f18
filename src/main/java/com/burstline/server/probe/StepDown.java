package com.burstline.server.probe;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the step down from the burst rate to the baseline in a probe's interval samples, fed one at a time as they
 * arrive, so the probe can stop as soon as the drop is confirmed and spend no more credit than it must.
 * <p>
 * An interval is <em>low</em> when its rate is under {@value #LOW_FRACTION} of the burst level, the median of the
 * intervals so far that were not low. Burstable instances drop far more than that (AWS's baselines are all well
 * under half their burst rate), while the noise of a steady transfer is a few percent, so half the burst level is
 * far from both.
 * The drop is confirmed by {@value #CONFIRMING_INTERVALS} low intervals in a row: one or two can be a TCP loss
 * recovery or a neighbour's moment, and three at 1 s intervals still end the probe within seconds. The first interval
 * is left out of the burst level (slow start, or the counters' idle time before the test), and a drop needs
 * {@value #MIN_BURST_INTERVALS} intervals of burst level before it, so a slow start is never taken for one.
 */
public final class StepDown {
    public static final double LOW_FRACTION = 0.5;
    public static final int CONFIRMING_INTERVALS = 3;
    static final int WARM_UP_INTERVALS = 1;
    static final int MIN_BURST_INTERVALS = 3;

    private record Sample(double start, double end, double bitsPerSecond) {
        double seconds() {
            return end - start;
        }
    }

    private final List<Sample> samples = new ArrayList<>();
    private final List<Double> burstRates = new ArrayList<>();
    private int firstLow = -1;
    private boolean confirmed;

    /**
     * One interval's rate; samples that do not follow the last one (repeated, out of order, empty) are ignored.
     *
     * @return true once the drop is confirmed; samples after that change nothing
     */
    public synchronized boolean add(double start, double end, double bitsPerSecond) {
        double lastEnd = samples.isEmpty() ? Double.NEGATIVE_INFINITY : samples.get(samples.size() - 1).end();
        if (confirmed || !(end > start) || start < lastEnd - 1e-6 || !Double.isFinite(bitsPerSecond)) {
            return confirmed;
        }
        samples.add(new Sample(start, end, bitsPerSecond));
        if (samples.size() <= WARM_UP_INTERVALS) {
            return false;
        }
        if (burstRates.size() >= MIN_BURST_INTERVALS && bitsPerSecond < LOW_FRACTION * median(burstRates)) {
            if (firstLow < 0) {
                firstLow = samples.size() - 1;
            }
            confirmed = samples.size() - firstLow >= CONFIRMING_INTERVALS;
        } else {
            // a dip that did not last is noise: it stays out of the burst level, as the low intervals did
            firstLow = -1;
            burstRates.add(bitsPerSecond);
        }
        return confirmed;
    }

    public synchronized boolean confirmed() {
        return confirmed;
    }

    public synchronized ProbeFigures figures() {
        double measured = samples.isEmpty() ? 0 : samples.get(samples.size() - 1).end() - samples.get(0).start();
        Double burst = burstRates.isEmpty() ? null : median(burstRates);
        if (!confirmed) {
            return new ProbeFigures(null, burst, null, null, measured, samples.size());
        }
        double baseline = median(samples.subList(firstLow, samples.size()).stream()
                .map(Sample::bitsPerSecond).toList());
        return new ProbeFigures(exhaustedAt(burst, baseline), burst, baseline, creditBits(baseline), measured,
                samples.size());
    }

    /**
     * The drop lies in the last interval before the low ones or in the first low one (an interval it cut in two has
     * a rate in between). The share of each at burst rate, by where its rate lies between baseline and burst, puts
     * the moment within the interval instead of at its edge.
     */
    private double exhaustedAt(double burst, double baseline) {
        Sample before = samples.get(firstLow - 1);
        Sample low = samples.get(firstLow);
        return before.start() + atBurst(before, burst, baseline) * before.seconds()
                + atBurst(low, burst, baseline) * low.seconds();
    }

    private static double atBurst(Sample sample, double burst, double baseline) {
        double share = (sample.bitsPerSecond() - baseline) / (burst - baseline);
        return Math.max(0, Math.min(1, share));
    }

    /** Bits above the baseline up to and with the first low interval; an interval under the baseline sent none. */
    private double creditBits(double baseline) {
        double bits = 0;
        for (Sample sample : samples.subList(0, firstLow + 1)) {
            bits += Math.max(0, sample.bitsPerSecond() - baseline) * sample.seconds();
        }
        return bits;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
}
