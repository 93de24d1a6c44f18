package com.burstline.bench;

import org.apache.commons.math3.distribution.TDistribution;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * One pairing's figure against iperf3 alone's, round by round: the rounds are interleaved, so each round's ratio
 * compares two runs made within seconds of each other, and the machine's drift between rounds (a factor of 1.5 on
 * these 2 shared cores) drops out. The geometric mean of the rounds' ratios, with Student's t interval on their
 * logarithms: "0.97x [0.91-1.03]" says the engine is not told apart from iperf3 by this run, "0.85x [0.80-0.90]"
 * that it is behind.
 */
record PairedRatio(double ratio, double low, double high, int rounds) {

    static <T> PairedRatio of(List<T> pairing, List<T> baseline, ToDoubleFunction<T> figure) {
        int n = Math.min(pairing.size(), baseline.size());
        double[] logs = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            logs[i] = Math.log(figure.applyAsDouble(pairing.get(i)) / figure.applyAsDouble(baseline.get(i)));
            sum += logs[i];
        }
        double mean = sum / n;
        if (n < 2) {
            return new PairedRatio(Math.exp(mean), Double.NaN, Double.NaN, n);
        }
        double squares = 0;
        for (double log : logs) {
            squares += (log - mean) * (log - mean);
        }
        double halfWidth = new TDistribution(n - 1).inverseCumulativeProbability(0.975)
                * Math.sqrt(squares / (n - 1) / n);
        return new PairedRatio(Math.exp(mean), Math.exp(mean - halfWidth), Math.exp(mean + halfWidth), n);
    }

    @Override
    public String toString() {
        return Double.isNaN(low) ? String.format(Locale.ROOT, "%.2fx", ratio)
                : String.format(Locale.ROOT, "%.2fx [%.2f-%.2f]", ratio, low, high);
    }
}
