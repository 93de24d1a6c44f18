package com.burstline.server.probe;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import java.time.Instant;

/** One stored probe. Never leaves this package: callers get {@link ProbeView}. */
@Entity
@Table(name = "burst_probe")
class BurstProbe {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    private long jobId;
    private long scenarioId;
    private String host;
    private String peer;
    private String direction;
    private int streams;
    private double intervalSeconds;
    private int maxDurationSeconds;
    private String sampleSource;
    private Instant measuredAt;
    private double measuredSeconds;
    private int intervals;
    private Double exhaustedAfterSeconds;
    @Column(name = "burst_bps")
    private Double burstBitsPerSecond;
    @Column(name = "baseline_bps")
    private Double baselineBitsPerSecond;
    private Double creditBits;
    private Long runId;

    protected BurstProbe() {
        // for JPA
    }

    BurstProbe(NewProbe probe) {
        this.jobId = probe.jobId();
        this.scenarioId = probe.scenarioId();
        this.host = probe.host();
        this.peer = probe.peer();
        this.direction = probe.direction();
        this.streams = probe.streams();
        this.intervalSeconds = probe.intervalSeconds();
        this.maxDurationSeconds = probe.maxDurationSeconds();
        this.sampleSource = probe.source();
        this.runId = probe.runId();
        this.measuredAt = probe.measuredAt();
        ProbeFigures figures = probe.figures();
        this.measuredSeconds = figures.measuredSeconds();
        this.intervals = figures.intervals();
        this.exhaustedAfterSeconds = figures.exhaustedAfterSeconds();
        this.burstBitsPerSecond = figures.burstBitsPerSecond();
        this.baselineBitsPerSecond = figures.baselineBitsPerSecond();
        this.creditBits = figures.creditBits();
    }

    ProbeView toView() {
        ProbeFigures figures = new ProbeFigures(exhaustedAfterSeconds, burstBitsPerSecond, baselineBitsPerSecond,
                creditBits, measuredSeconds, intervals);
        return new ProbeView(jobId, scenarioId, host, peer, direction, streams, intervalSeconds, maxDurationSeconds,
                sampleSource, runId, measuredAt, measuredSeconds, intervals, exhaustedAfterSeconds,
                burstBitsPerSecond, baselineBitsPerSecond, creditBits, figures.refillSeconds(),
                ProbeText.summary(figures, maxDurationSeconds));
    }
}
