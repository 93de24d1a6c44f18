package com.burstline.server.analysis;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;

/**
 * One kind of finding across a selection: {@code covers} names the scenarios it was found in ("all 6 scenarios" when
 * it was found in every one), {@code runIds} the runs. When {@code summed}, {@code headline} speaks for all of them
 * ("All 4 TCP scenarios ran at 93.7–95.6% of the 5.00 Gbit/s burst limit"); otherwise {@code headline} and
 * {@code detail} are the first run's, standing for the kind. {@code message} is both. The field names are part of
 * the API.
 */
public record FindingSummary(String kind, String severity, String covers, List<Long> runIds, String headline,
                             String detail, boolean summed) {
    public FindingSummary {
        runIds = List.copyOf(runIds);
    }

    @JsonProperty
    public String message() {
        return detail.isEmpty() ? headline : headline + " " + detail;
    }
}
