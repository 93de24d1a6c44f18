package com.burstline.server.run;

/**
 * Where a run measured by an agent came from, beside its iperf3 output. The JSON fields are the agent's own JSON,
 * kept verbatim as text; any of them may be null.
 *
 * @param jobId       the job that measured the run; null when the job is unknown (e.g. a late result)
 * @param hostFacts   the SUT agent's facts at the time of the run (OS, NICs, drivers, instance type)
 * @param nicCounters the routed interface's counters delta over the run, e.g. {@code {"interface", "delta": {…}}}
 * @param command     iperf3's argument list as the agent started it, a JSON array
 * @param askedTargetBitsPerSecond the rate ({@code -b}) the job asked for: the run's target where iperf3's output
 *                    prints none (3.9 has no {@code target_bitrate}); null for none or unknown
 */
public record RunProvenance(Long jobId, String hostFacts, String nicCounters, String command,
                            Long askedTargetBitsPerSecond) {
    public RunProvenance(Long jobId, String hostFacts, String nicCounters, String command) {
        this(jobId, hostFacts, nicCounters, command, null);
    }

    public static RunProvenance none() {
        return new RunProvenance(null, null, null, null);
    }
}
