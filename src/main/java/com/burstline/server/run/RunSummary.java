package com.burstline.server.run;

import com.burstline.contract.Protocol;
import com.burstline.contract.Scenario;
import com.burstline.iperf.Measured;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import com.burstline.server.catalog.VerdictStep;

import java.time.Instant;
import java.util.List;

/**
 * A run as the API and pages show it: its labels and its {@link Measurement} (both flat in the JSON), and the record
 * of where it came from. {@code toolVersion} is the version of the scenario's {@code tool}; {@code peerTool} and
 * {@code peerToolVersion} name the program that served the other end ({@code iperf3} or {@code burstline-java}), read
 * from the server's report the client's output carried; both null when the output does not say (a version alone is
 * null when the server wrote text). {@code jobId} is the job that measured the run, null for uploads.
 * {@code status} is {@code complete}, or {@code partial} for a run whose scenario failed or was cancelled after
 * measuring something: its figures cover only the intervals measured before {@code error} (in words) happened.
 * {@code scenarioName} names the scenario as the seed article's tables do ("TCP 4 streams", "UDP 1 Gbit/s"). The
 * field names are part of the API.
 */
public record RunSummary(
        long id,
        @JsonUnwrapped Labels labels,
        @JsonUnwrapped Measurement measurement,
        String toolVersion,
        String peerTool,
        String peerToolVersion,
        String outputFormat,
        Instant startedAt,
        Instant uploadedAt,
        int intervalCount,
        Long jobId,
        String status,
        String error) {

    /** A UDP_RR or TCP_RR run: transactions and no throughput figure (its round trips are the latency API's). */
    @JsonIgnore
    public boolean requestResponse() {
        return scenario().protocol().requestResponse();
    }

    /** Whether the run measured only part of its test (see {@link RunStatus}). */
    @JsonIgnore
    public boolean partial() {
        return RunStatus.PARTIAL.apiName().equals(status);
    }

    /** Whether the run measured UDP: judged against its target by what was sent, and for loss. */
    @JsonIgnore
    public boolean udp() {
        return measurement.scenario().protocol() == Protocol.UDP;
    }

    /** The measurement's scenario (a shorthand: the parts are the measurement's). */
    @JsonIgnore
    public Scenario scenario() {
        return measurement.scenario();
    }

    /** The measurement's figures. */
    @JsonIgnore
    public Measured figures() {
        return measurement.figures();
    }

    /** The measurement's limits. */
    @JsonIgnore
    public Limits limits() {
        return measurement.limits();
    }

    /**
     * What decided the received figure; a partial run's is unknown, since its figures are not a whole
     * measurement.
     */
    @JsonProperty
    public Verdict verdict() {
        return partial() ? new Verdict(VerdictStep.UNKNOWN, null, List.of("the whole run: it is partial (" + error
                + ")")) : measurement.verdict();
    }

    /** Every figure in words, as pages, reports and exports show it. */
    @JsonProperty
    public RunText text() {
        return RunText.of(measurement, verdict());
    }

    /** "TCP 4 streams", "UDP 1 Gbit/s": the scenario without its direction, as tables beside a direction name it. */
    @JsonProperty
    public String scenarioName() {
        return measurement.scenario().shortName();
    }
}
