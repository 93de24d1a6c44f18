package com.burstline.server.analysis;

import java.util.List;

/**
 * One kind of finding across a selection: {@code covers} names the scenarios it was found in ("all 6 scenarios" when
 * it was found in every one), {@code runIds} the runs. When {@code summed}, {@code message} speaks for all of them
 * ("All 4 TCP scenarios ran at 93.7–95.6% of the 5.00 Gbit/s burst limit"); otherwise it is the first run's own
 * sentence, standing for the kind. The field names are part of the API.
 */
public record FindingSummary(String kind, String severity, String covers, List<Long> runIds, String message,
                             boolean summed) {
    public FindingSummary {
        runIds = List.copyOf(runIds);
    }
}
