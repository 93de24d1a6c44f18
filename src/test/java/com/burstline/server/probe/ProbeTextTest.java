package com.burstline.server.probe;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The probe in words: what it found, what that means for waiting, and that it is an estimate from one probe. */
class ProbeTextTest {

    @Test
    void aDropIsWordedWithItsCreditAndTheRefillAtTheBaselineRate() {
        // t4g.large's published rates: 5 Gbit/s for 10 minutes, then 0.512 Gbit/s
        ProbeFigures figures = new ProbeFigures(600.0, 5e9, 0.512e9, 600 * (5e9 - 0.512e9), 603, 603);

        assertThat(figures.refillSeconds()).isCloseTo(600 * (5e9 - 0.512e9) / 0.512e9,
                org.assertj.core.api.Assertions.within(1e-6));
        assertThat(ProbeText.summary(figures, 3600)).isEqualTo("5.00 Gbit/s for 10.0 min, then 512.00 Mbit/s "
                + "baseline: about 2.69 Tbit (336.6 GB) of credit above the baseline, back after about 87.7 min if "
                + "it refills at the baseline rate. An estimate from one probe.");
    }

    @Test
    void noDropSaysTheCreditLastsLongerThanTheProbe() {
        ProbeFigures figures = new ProbeFigures(null, 4.71e9, null, null, 20.02, 20);

        assertThat(figures.refillSeconds()).isNull();
        assertThat(ProbeText.summary(figures, 20)).isEqualTo("No drop: 4.71 Gbit/s for the whole 20.0 s (the "
                + "probe's maximum was 20 s), so the credit lasts longer than that at this rate. An estimate from one "
                + "probe.");
    }
}
