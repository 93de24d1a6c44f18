package com.burstline.server.compare;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Statistics against values computed independently with SciPy 1.17.1 / NumPy 2.4.6 on the build machine:
 * <pre>
 * a = [4.61e9, 4.72e9, 4.68e9, 4.65e9]; b = [4.81e9, 4.90e9, 4.86e9]
 * scipy.stats.ttest_ind(b, a, equal_var=False).pvalue             -> 0.0036838026580586643
 * scipy.stats.t.interval(0.95, 3, loc=a.mean(), scale=sem(a))     -> (4590932593.111021, 4739067406.888979)
 * a.std(ddof=1)                                                   -> 46547466.812563136
 * Welch CI of mean(b) - mean(a), df = 4.540701646914685, t.ppf(0.975, df), divided by mean(a), in %:
 *   delta 4.1086102179349835, low 2.1243197480840013, high 6.092900687785966
 * ttest_ind([4.70e9, 4.75e9, 4.80e9], [4.72e9, 4.78e9, 4.81e9], equal_var=False).pvalue -> 0.6366132443270858
 * </pre>
 */
class StatisticsTest {
    private static final double[] A = {4.61e9, 4.72e9, 4.68e9, 4.65e9};
    private static final double[] B = {4.81e9, 4.90e9, 4.86e9};

    @Test
    void summaryMatchesScipy() {
        Statistics.Summary summary = Statistics.summarize(A);

        assertThat(summary.n()).isEqualTo(4);
        assertThat(summary.mean()).isCloseTo(4.665e9, within(1e-3));
        assertThat(summary.median()).isCloseTo(4.665e9, within(1e-3));
        assertThat(summary.min()).isEqualTo(4.61e9);
        assertThat(summary.max()).isEqualTo(4.72e9);
        assertThat(summary.stddev()).isCloseTo(46547466.812563136, within(1e-3));
        assertThat(summary.ci95Low()).isCloseTo(4590932593.111021, within(1.0));
        assertThat(summary.ci95High()).isCloseTo(4739067406.888979, within(1.0));
    }

    @Test
    void welchDifferenceAndPValueMatchScipy() {
        Statistics.Difference difference = Statistics.compare(A, B);

        assertThat(difference.deltaPercent()).isCloseTo(4.1086102179349835, within(1e-9));
        assertThat(difference.ci95LowPercent()).isCloseTo(2.1243197480840013, within(1e-6));
        assertThat(difference.ci95HighPercent()).isCloseTo(6.092900687785966, within(1e-6));
        assertThat(difference.pValue()).isCloseTo(0.0036838026580586643, within(1e-9));
    }

    @Test
    void verdictsReadLikeTheIssue() {
        Statistics.Difference significant = Statistics.compare(A, B);
        Statistics.Difference noise = Statistics.compare(new double[]{4.70e9, 4.75e9, 4.80e9},
                new double[]{4.72e9, 4.78e9, 4.81e9});

        assertThat(noise.pValue()).isCloseTo(0.6366132443270858, within(1e-9));
        assertThat(VERDICTS.verdict(sides(4, 3, null, null), significant, "4-stream download").text())
                .isEqualTo("2.11.0 is 4.1% faster than 2.10.0 on 4-stream download (95% interval 2.1 to 6.1%), "
                        + "p = 0.004");
        assertThat(new Verdicts(0.1).verdict(sides(3, 3, null, null), noise, "4-stream download").text())
                .isEqualTo("no significant difference on 4-stream download with n = 3 each (p = 0.64): 2.11.0 is "
                        + "0.4% faster than 2.10.0 (95% interval -1.9 to 2.7%)");
    }

    @Test
    void aDifferenceUnderThePracticalThresholdIsNoPracticalDifferenceWhateverItsP() {
        Statistics.Difference small = Statistics.compare(new double[]{4.70e9, 4.75e9, 4.80e9},
                new double[]{4.72e9, 4.78e9, 4.81e9});

        Verdicts.Verdict verdict = VERDICTS.verdict(sides(3, 3, 50.0, 50.0), small, "4-stream download");

        assertThat(verdict.kind()).isEqualTo(Verdicts.Kind.NO_PRACTICAL_DIFFERENCE);
        assertThat(verdict.text()).startsWith("no practical difference on 4-stream download: 2.11.0 is 0.4% faster")
                .contains("under the 1% that matters");
    }

    @Test
    void bothGroupsAtTheCapSayTheCapLimitsBothNotTheDriver() {
        Statistics.Difference significant = Statistics.compare(A, B);

        Verdicts.Verdict verdict = VERDICTS.verdict(sides(4, 3, 95.4, 95.6), significant, "TCP 1 stream upload");
        Verdicts.Verdict oneBelow = VERDICTS.verdict(sides(4, 3, 85.0, 95.6), significant, "TCP 1 stream upload");

        assertThat(verdict.kind()).isEqualTo(Verdicts.Kind.CAP_LIMITS_BOTH);
        assertThat(verdict.text()).startsWith("the cap limits both on TCP 1 stream upload: 2.10.0 and 2.11.0 sit at "
                + "95.4% and 95.6% of the burst limit").contains("not the driver");
        assertThat(oneBelow.kind()).isEqualTo(Verdicts.Kind.SIGNIFICANT);
    }

    private static final Verdicts VERDICTS = new Verdicts(1);

    private static Verdicts.Sides sides(int nBaseline, int nOther, Double baselineCap, Double otherCap) {
        return new Verdicts.Sides("2.10.0", "2.11.0", nBaseline, nOther, baselineCap, otherCap);
    }

    @Test
    void oneRunHasNoSpreadAndNoTest() {
        Statistics.Summary one = Statistics.summarize(new double[]{4.2e9});
        Statistics.Difference difference = Statistics.compare(new double[]{4.0e9}, new double[]{4.2e9, 4.3e9});

        assertThat(one.stddev()).isNull();
        assertThat(one.ci95Low()).isNull();
        assertThat(difference.pValue()).isNull();
        assertThat(difference.deltaPercent()).isCloseTo(6.25, within(1e-9));
        assertThat(VERDICTS.verdict(sides(1, 2, null, null), difference, "1-stream upload").text())
                .startsWith("not enough runs for a test (n = 1 and 2; 2 each needed)");
    }
}
