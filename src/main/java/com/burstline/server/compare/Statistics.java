package com.burstline.server.compare;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.inference.TTest;

import java.util.Arrays;

/**
 * The figures a group of runs is summed up with, and the Welch comparison of two groups. Sample standard deviation
 * (n − 1); 95% intervals from Student's t, so that n = 3 gets the wide interval it deserves.
 */
public final class Statistics {
    private Statistics() {
    }

    record Summary(int n, double mean, double median, double min, double max, Double stddev, Double ci95Low,
                   Double ci95High) {
    }

    /** Difference of {@code other} to {@code baseline} in % of the baseline mean, with its 95% interval. */
    public record Difference(double deltaPercent, Double ci95LowPercent, Double ci95HighPercent, Double pValue) {
    }

    static Summary summarize(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double mean = Arrays.stream(sorted).sum() / n;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        if (n < 2) {
            return new Summary(n, mean, median, sorted[0], sorted[n - 1], null, null, null);
        }
        double stddev = Math.sqrt(variance(sorted, mean));
        double half = tQuantile(n - 1) * stddev / Math.sqrt(n);
        return new Summary(n, mean, median, sorted[0], sorted[n - 1], stddev, mean - half, mean + half);
    }

    /**
     * Welch's unequal-variance comparison. The interval is Welch's 95% interval of the difference of means
     * (Welch–Satterthwaite degrees of freedom) divided by the baseline mean: it treats the baseline mean as exact,
     * which Fieller's interval would not, and is close to it while the baseline's standard error is small against
     * its mean (as it is for throughput). Needs n ≥ 2 in both groups; with no spread in either there is no test.
     */
    public static Difference compare(double[] baseline, double[] other) {
        double baseMean = mean(baseline);
        double delta = (mean(other) - baseMean) / baseMean * 100;
        if (baseline.length < 2 || other.length < 2) {
            return new Difference(delta, null, null, null);
        }
        double vb = variance(baseline, baseMean) / baseline.length;
        double vo = variance(other, mean(other)) / other.length;
        if (vb + vo == 0) {
            return new Difference(delta, delta, delta, null);
        }
        double df = (vb + vo) * (vb + vo)
                / (vb * vb / (baseline.length - 1) + vo * vo / (other.length - 1));
        double half = new TDistribution(df).inverseCumulativeProbability(0.975) * Math.sqrt(vb + vo);
        double p = new TTest().tTest(baseline, other);
        return new Difference(delta, delta - half / baseMean * 100, delta + half / baseMean * 100, p);
    }

    static double mean(double[] values) {
        return Arrays.stream(values).sum() / values.length;
    }

    private static double variance(double[] values, double mean) {
        double sum = 0;
        for (double value : values) {
            sum += (value - mean) * (value - mean);
        }
        return sum / (values.length - 1);
    }

    private static double tQuantile(int degreesOfFreedom) {
        return new TDistribution(degreesOfFreedom).inverseCumulativeProbability(0.975);
    }
}
