package com.burstline.server.run;

import com.burstline.contract.Scenario;
import com.burstline.iperf.Iperf3Result;
import com.burstline.iperf.Measured;
import com.burstline.iperf.OutputSide;
import com.burstline.iperf.ServerTool;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import org.hibernate.annotations.BatchSize;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The stored run: its labels, and its measurement's parts embedded column for column (the scenario and the figures
 * are mapped in META-INF/orm.xml, the limits by {@link Limits}). Never leaves this package: callers get
 * {@link RunSummary}.
 */
@Entity
@Table(name = "run")
class Run {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    @Column(name = "content_sha256", nullable = false, length = 64)
    private String contentSha256;
    private Instant uploadedAt;
    private String sut;
    private String peer;
    private String instanceType;
    private String driver;
    @ElementCollection
    @CollectionTable(name = "run_tag", joinColumns = @JoinColumn(name = "run_id"))
    @Column(name = "tag")
    @OrderBy
    @BatchSize(size = 100)
    private List<String> tags = new ArrayList<>();
    /** What ran; its {@code tool} is the program that measured ({@code iperf3} or {@code burstline-java}). */
    @Embedded
    private Scenario scenario;
    private String toolVersion;
    /** Which program served the other end; null when not known. */
    private String peerTool;
    private String peerToolVersion;
    private String outputFormat;
    /** Which end wrote the output: {@code client}, or {@code server} for {@code iperf3 -s -J}. */
    private String side;
    private Instant startedAt;
    /** Null where the output does not hold a figure (see {@link Measured}). */
    @Embedded
    private Measured figures;
    @Embedded
    private Limits limits;
    private int intervalCount;
    private Long jobId;
    private String hostFacts;
    private String nicCounters;
    private String command;
    private String status = RunStatus.COMPLETE.apiName();
    private String error;

    protected Run() {
        // for JPA
    }

    /** The version without the engine's name, which the scenario's tool already holds; null when the output had none. */
    private static String versionOf(String tool, String version) {
        return Scenario.TOOL_ENGINE.equals(tool) ? version.substring(Scenario.TOOL_ENGINE.length()).strip() : version;
    }

    /** What every stored run has, whatever measured it: its labels, limits and where it came from. */
    private Run(RunMetadata metadata, Limits limits, RunProvenance provenance, String contentSha256,
                Instant uploadedAt) {
        this.contentSha256 = contentSha256;
        this.uploadedAt = uploadedAt;
        this.sut = metadata.sut();
        this.peer = metadata.peer();
        this.instanceType = metadata.instanceType();
        this.driver = metadata.driver();
        this.tags = new ArrayList<>(metadata.tags());
        this.limits = limits;
        this.jobId = provenance.jobId();
        this.hostFacts = provenance.hostFacts();
        this.nicCounters = provenance.nicCounters();
        this.command = provenance.command();
    }

    Run(Iperf3Result result, RunMetadata metadata, Limits limits, RunProvenance provenance, String contentSha256,
        Instant uploadedAt) {
        this(metadata, limits, provenance, contentSha256, uploadedAt);
        Scenario ran = result.scenario();
        // iperf3 3.9 prints no target: the one its job asked for is the run's
        this.scenario = ran.targetBitsPerSecond() != null || provenance.askedTargetBitsPerSecond() == null ? ran
                : ran.withTarget(provenance.askedTargetBitsPerSecond());
        this.toolVersion = versionOf(ran.tool(), result.toolVersion());
        ServerTool server = result.serverTool();
        this.peerTool = server == null ? null : Scenario.toolOf(server.version());
        this.peerToolVersion = server == null ? null : versionOf(peerTool, server.version());
        this.outputFormat = result.format().name().toLowerCase().replace('_', '-');
        this.side = result.side().apiName();
        this.startedAt = result.startedAt();
        this.figures = result.measured();
        this.intervalCount = result.intervals().size();
    }

    /**
     * A request/response run: the engine on both ends, transactions and no throughput figure (its rates stay null,
     * which keeps it out of everything that compares or charts throughput).
     */
    Run(RequestResponseRun result, RunMetadata metadata, Limits limits, RunProvenance provenance,
        String contentSha256, Instant uploadedAt) {
        this(metadata, limits, provenance, contentSha256, uploadedAt);
        this.scenario = Scenario.of(result.protocol(), com.burstline.contract.Direction.UPLOAD).streams(result.flows())
                .durationSeconds(result.durationSeconds()).omitSeconds(result.omitSeconds()).tool(Scenario.TOOL_ENGINE)
                .messageBytes(result.messageBytes()).build();
        this.toolVersion = result.toolVersion() == null ? null : versionOf(Scenario.TOOL_ENGINE, result.toolVersion());
        this.peerTool = Scenario.TOOL_ENGINE;
        this.outputFormat = com.burstline.contract.ScenarioResult.REQUEST_RESPONSE;
        this.side = OutputSide.CLIENT.apiName();
        this.startedAt = result.startedAt();
        this.figures = new Measured(null, null, null, null, null, result.clientCpuPercent(), result.serverCpuPercent(),
                null, null);
        this.intervalCount = result.intervalCount();
    }

    Long getId() {
        return id;
    }

    /** Set by {@link RunWriter} once the database has given the new row its id. */
    void assignId(long newId) {
        this.id = newId;
    }

    List<String> tags() {
        return tags;
    }

    /**
     * What was measured before the scenario failed or was cancelled; {@code reason} says what happened.
     *
     * @param format what the raw bytes are when they are not iperf3's output; null keeps iperf3's format
     */
    void markPartial(String reason, String format) {
        if (format != null) {
            this.outputFormat = format;
        }
        this.status = RunStatus.PARTIAL.apiName();
        this.error = reason == null || reason.length() <= 2000 ? reason : reason.substring(0, 1997) + "...";
    }

    /** The row {@link RunWriter} inserts: its own columns, then the parts' (see {@link RunColumns}). */
    RunColumns columns() {
        RunColumns columns = new RunColumns()
                .put("content_sha256", contentSha256).put("uploaded_at", RunColumns.utc(uploadedAt))
                .put("sut", sut).put("peer", peer).put("instance_type", instanceType).put("driver", driver)
                .put("tool_version", toolVersion).put("peer_tool", peerTool).put("peer_tool_version", peerToolVersion)
                .put("output_format", outputFormat).put("side", side).put("started_at", RunColumns.utc(startedAt))
                .put("interval_count", intervalCount).put("job_id", jobId).put("host_facts", hostFacts)
                .put("nic_counters", nicCounters).put("command", command).put("status", status).put("error", error);
        return columns.part(scenario).part(figures).part(limits());
    }

    /**
     * @param series the figures of the run's received per-interval sums ({@link KeptSeriesFigures}), which say
     *               whether the burst credits ran out; null when they were not read (not known then)
     */
    RunSummary toSummary(SeriesFigures series) {
        return toSummary(series, java.util.Map.of());
    }

    /**
     * @param counted what the run's receiving agents counted of their own drops, by role ({@link HostDropsStore});
     *                the forward direction's receiver (the peer of an upload or bidir run, the SUT of a download)
     *                is the measurement's, else a download's SUT counters
     */
    RunSummary toSummary(SeriesFigures series, java.util.Map<String, ReceiverDrops> counted) {
        Credits credits = series == null ? Credits.UNKNOWN : Credits.of(series, limits());
        Measurement measurement = new Measurement(scenario, OutputSide.fromApiName(side), figures, limits(), credits,
                receiver(counted), AllowanceExceeded.of(nicCounters));
        return new RunSummary(id, labels().labels(), measurement, toolVersion, peerTool, peerToolVersion,
                outputFormat, startedAt, uploadedAt, intervalCount, jobId, status, error);
    }

    /** What {@link KeptSeriesFigures} needs to find or make the run's series figures. */
    KeptSeriesFigures.Subject seriesSubject() {
        return new KeptSeriesFigures.Subject(id, scenario, intervalCount);
    }

    private ReceiverDrops receiver(java.util.Map<String, ReceiverDrops> counted) {
        ReceiverDrops forward = counted.get(scenario.direction() == com.burstline.contract.Direction.DOWNLOAD
                ? ReceiverDrops.SUT : ReceiverDrops.PEER);
        return forward != null ? forward : ReceiverDrops.ofSut(scenario.direction(), sut, nicCounters);
    }

    boolean partial() {
        return RunStatus.PARTIAL.apiName().equals(status);
    }

    /** Hibernate reads an embedded part whose columns are all null as null: no limit known. */
    private Limits limits() {
        return limits == null ? Limits.NONE : limits;
    }

    RunLabels labels() {
        return new RunLabels(new Labels(sut, peer, instanceType, driver, tags), limits());
    }

    /** A person corrected the labels; the figures iperf3 measured never change. */
    void relabel(RunLabels labels) {
        Labels named = labels.labels();
        this.sut = named.sut();
        this.peer = named.peer();
        this.instanceType = named.instanceType();
        this.driver = named.driver();
        this.tags.clear();
        this.tags.addAll(named.tags());
        this.limits = labels.limits();
    }

    RunProvenance provenance() {
        return new RunProvenance(jobId, hostFacts, nicCounters, command);
    }
}
