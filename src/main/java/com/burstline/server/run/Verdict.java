package com.burstline.server.run;

import com.burstline.server.catalog.VerdictStep;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;

/**
 * What decided a measured figure: the first step of the one decision ({@link VerdictDecision}) that holds, the
 * figures that show it ({@code evidence}), and what was not known ({@code unknown}, in words: the inputs that kept a
 * step from being checked). {@code id} is the step's id in the findings catalog; {@code words} its name on pages.
 * The field names are part of the API.
 */
public record Verdict(VerdictStep id, Evidence evidence, List<String> unknown) {
    public Verdict {
        unknown = List.copyOf(unknown);
    }

    /** "the cap", "the sender", …: the catalog's words. */
    @JsonProperty
    public String words() {
        return id.words();
    }

    /** Whether the figure measures the driver: only then is it a driver's figure to compare. */
    public boolean driver() {
        return id == VerdictStep.DRIVER;
    }

    /**
     * The figures behind the verdict; each null when it did not count. {@code limit} is {@code burst} or
     * {@code baseline} (once the burst credits ran out, at {@code creditsRanOutAtSeconds}),
     * {@code levelBitsPerSecond} what arrived (after the step, when the credits ran out) and {@code shareOfLimit}
     * that in percent of the limit; {@code allowanceExceeded} ENA's shaping counters that grew.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Evidence(String limit, Double limitBitsPerSecond, Double levelBitsPerSecond, Double shareOfLimit,
                           Double creditsRanOutAtSeconds, Map<String, Long> allowanceExceeded,
                           Double sentShareOfTarget, Double senderCpuPercent, Double receiverCpuPercent,
                           Long receiverDrops, Double lostPercent, Double retransmitsPerGigabyte) {
    }
}
