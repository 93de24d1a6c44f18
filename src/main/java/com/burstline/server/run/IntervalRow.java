package com.burstline.server.run;

import com.burstline.iperf.IntervalSample;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * One stored interval row as the API returns it: iperf3's row ({@link IntervalSample}, its fields flat in the JSON)
 * and whether it is iperf3's closing sliver ({@code closing}, {@link ClosingIntervals}), which charts and findings
 * leave out. The field names are part of the API.
 */
public record IntervalRow(@JsonUnwrapped IntervalSample sample, boolean closing) {

    /** The line the row is on: one stream (or the sum), one direction, one side's report of it. */
    String line() {
        return sample.stream() + '|' + sample.direction() + '|' + sample.side();
    }

    IntervalRow asClosing() {
        return new IntervalRow(sample, true);
    }
}
