package com.burstline.server.probe;

import com.burstline.contract.Scenario;
import jakarta.persistence.Embedded;
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
    /** The probe's scenario (META-INF/orm.xml): its duration is the probe's maximum. */
    @Embedded
    private Scenario scenario;
    private String sampleSource;
    private Instant measuredAt;
    @Embedded
    private ProbeFigures figures;
    private Long runId;

    protected BurstProbe() {
        // for JPA
    }

    BurstProbe(NewProbe probe) {
        this.jobId = probe.jobId();
        this.scenarioId = probe.scenarioId();
        this.host = probe.host();
        this.peer = probe.peer();
        this.scenario = probe.scenario();
        this.sampleSource = probe.source();
        this.runId = probe.runId();
        this.measuredAt = probe.measuredAt();
        this.figures = probe.figures();
    }

    ProbeView toView() {
        return new ProbeView(jobId, scenarioId, host, peer, scenario, sampleSource, runId, measuredAt, figures,
                figures.refillSeconds(), ProbeText.summary(figures, scenario.durationSeconds()));
    }
}
