package com.burstline.server.probe;

import jakarta.persistence.Embeddable;

/**
 * What one probe measured, from its interval samples. The field names are part of the API.
 *
 * @param exhaustedAfterSeconds when the rate stepped down, in seconds since the test started; null when it never did
 * @param burstBitsPerSecond    the median rate before the drop (of the whole probe when there was none)
 * @param baselineBitsPerSecond the median rate of the intervals that confirmed the drop; null without a drop
 * @param creditBits            the bits sent above the baseline until the drop; null without a drop
 * @param measuredSeconds       how long the samples cover
 * @param intervals             how many interval samples the figures come from
 */
@Embeddable
public record ProbeFigures(Double exhaustedAfterSeconds, Double burstBitsPerSecond, Double baselineBitsPerSecond,
                           Double creditBits, double measuredSeconds, int intervals) {

    public boolean dropped() {
        return exhaustedAfterSeconds != null;
    }

    /**
     * How long the credit takes to come back if it refills at the baseline rate, as a token bucket that earns the
     * baseline does: an estimate (AWS does not say how credits refill); null without a drop.
     */
    public Double refillSeconds() {
        return !dropped() || baselineBitsPerSecond <= 0 ? null : creditBits / baselineBitsPerSecond;
    }
}
