package com.burstline.server.run;

import com.burstline.contract.Scenario;
import com.burstline.iperf.Iperf3Result;
import com.burstline.iperf.ServerTool;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
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

/** The stored summary of one iperf3 run. Never leaves this package: callers get {@link RunSummary}. */
@Entity
@Table(name = "run")
class Run {
    static final String TOOL_IPERF3 = Scenario.TOOL_IPERF3;
    /** The agent's own engine, which writes {@code "version": "burstline-java 0.1.0"} where iperf3 writes its own. */
    static final String TOOL_ENGINE = Scenario.TOOL_ENGINE;

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
    private String tool;
    private String toolVersion;
    /** Which program served the other end ({@link #TOOL_IPERF3} or {@link #TOOL_ENGINE}); null when not known. */
    private String peerTool;
    private String peerToolVersion;
    private String outputFormat;
    /** Which end wrote the output: {@code client}, or {@code server} for {@code iperf3 -s -J}. */
    private String side;
    private Instant startedAt;
    private String protocol;
    private String direction;
    private int streams;
    private int durationSeconds;
    private int omitSeconds;
    @Column(name = "target_bps")
    private Long targetBitsPerSecond;
    /** Null where the output does not hold it (see {@link Iperf3Result}). */
    @Column(name = "sent_bps")
    private Double sentBitsPerSecond;
    @Column(name = "received_bps")
    private Double receivedBitsPerSecond;
    private Long retransmits;
    private Double jitterMs;
    private Double lostPercent;
    private Double hostCpuPercent;
    private Double remoteCpuPercent;
    @Column(name = "reverse_sent_bps")
    private Double reverseSentBitsPerSecond;
    @Column(name = "reverse_received_bps")
    private Double reverseReceivedBitsPerSecond;
    @Column(name = "burst_limit_bps")
    private Double burstLimitBitsPerSecond;
    @Column(name = "baseline_bps")
    private Double baselineBitsPerSecond;
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

    /** Which tool measured, from the output's {@code version}: the engine names itself, anything else is iperf3. */
    static String tool(String version) {
        return version != null && version.startsWith(TOOL_ENGINE + " ") ? TOOL_ENGINE : TOOL_IPERF3;
    }

    /** The version without the engine's name, which {@code tool} already holds; null when the output had none. */
    private static String versionOf(String tool, String version) {
        return TOOL_ENGINE.equals(tool) ? version.substring(TOOL_ENGINE.length()).strip() : version;
    }

    Run(Iperf3Result result, RunMetadata metadata, ResolvedLimits limits, RunProvenance provenance,
        String contentSha256, Instant uploadedAt) {
        this.contentSha256 = contentSha256;
        this.uploadedAt = uploadedAt;
        this.sut = metadata.sut();
        this.peer = metadata.peer();
        this.instanceType = metadata.instanceType();
        this.driver = metadata.driver();
        this.tags = new ArrayList<>(metadata.tags());
        this.tool = tool(result.toolVersion());
        this.toolVersion = versionOf(tool, result.toolVersion());
        ServerTool server = result.serverTool();
        this.peerTool = server == null ? null : tool(server.version());
        this.peerToolVersion = server == null ? null : versionOf(peerTool, server.version());
        this.outputFormat = result.format().name().toLowerCase().replace('_', '-');
        this.side = result.side().apiName();
        this.startedAt = result.startedAt();
        this.protocol = result.protocol().name();
        this.direction = result.direction().apiName();
        this.streams = result.streams();
        this.durationSeconds = result.durationSeconds();
        this.omitSeconds = result.omitSeconds();
        this.targetBitsPerSecond = result.targetBitsPerSecond() != null ? result.targetBitsPerSecond()
                : provenance.askedTargetBitsPerSecond();
        this.sentBitsPerSecond = result.sentBitsPerSecond();
        this.receivedBitsPerSecond = result.receivedBitsPerSecond();
        this.retransmits = result.retransmits();
        this.jitterMs = result.jitterMs();
        this.lostPercent = result.lostPercent();
        this.hostCpuPercent = result.hostCpuPercent();
        this.remoteCpuPercent = result.remoteCpuPercent();
        this.reverseSentBitsPerSecond = result.reverseSentBitsPerSecond();
        this.reverseReceivedBitsPerSecond = result.reverseReceivedBitsPerSecond();
        this.burstLimitBitsPerSecond = limits.burstBitsPerSecond();
        this.baselineBitsPerSecond = limits.baselineBitsPerSecond();
        this.intervalCount = result.intervals().size();
        this.jobId = provenance.jobId();
        this.hostFacts = provenance.hostFacts();
        this.nicCounters = provenance.nicCounters();
        this.command = provenance.command();
    }

    /** A request/response run: the engine on both ends, transactions and no throughput figure. */
    Run(RequestResponseRun result, RunMetadata metadata, ResolvedLimits limits, RunProvenance provenance,
        String contentSha256, Instant uploadedAt) {
        this.contentSha256 = contentSha256;
        this.uploadedAt = uploadedAt;
        this.sut = metadata.sut();
        this.peer = metadata.peer();
        this.instanceType = metadata.instanceType();
        this.driver = metadata.driver();
        this.tags = new ArrayList<>(metadata.tags());
        this.tool = tool(result.toolVersion());
        this.toolVersion = result.toolVersion() == null ? null : versionOf(tool, result.toolVersion());
        this.peerTool = TOOL_ENGINE;
        this.outputFormat = com.burstline.contract.ScenarioResult.REQUEST_RESPONSE;
        this.side = com.burstline.iperf.OutputSide.CLIENT.apiName();
        this.startedAt = result.startedAt();
        this.protocol = result.protocol();
        this.direction = Scenario.UPLOAD;
        this.streams = result.flows();
        this.durationSeconds = result.durationSeconds();
        this.omitSeconds = result.omitSeconds();
        this.hostCpuPercent = result.clientCpuPercent();
        this.remoteCpuPercent = result.serverCpuPercent();
        this.burstLimitBitsPerSecond = limits.burstBitsPerSecond();
        this.baselineBitsPerSecond = limits.baselineBitsPerSecond();
        this.intervalCount = result.intervalCount();
        this.jobId = provenance.jobId();
        this.hostFacts = provenance.hostFacts();
        this.nicCounters = provenance.nicCounters();
        this.command = provenance.command();
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

    /** The column values in the order of {@link RunWriter}'s INSERT; timestamps as UTC offsets for JDBC. */
    Object[] insertValues() {
        return new Object[]{contentSha256, utc(uploadedAt), sut, peer, instanceType, driver, tool, toolVersion,
                outputFormat, utc(startedAt), protocol, direction, streams, durationSeconds, omitSeconds,
                targetBitsPerSecond, sentBitsPerSecond, receivedBitsPerSecond, retransmits, jitterMs, lostPercent,
                hostCpuPercent, remoteCpuPercent, reverseSentBitsPerSecond, reverseReceivedBitsPerSecond,
                burstLimitBitsPerSecond, baselineBitsPerSecond, intervalCount, jobId, hostFacts, nicCounters,
                command, status, error, peerTool, peerToolVersion, side};
    }

    private static java.time.OffsetDateTime utc(Instant instant) {
        return instant == null ? null : instant.atOffset(java.time.ZoneOffset.UTC);
    }

    RunSummary toSummary() {
        Double percentOfBurst = burstLimitBitsPerSecond == null || receivedBitsPerSecond == null
                ? null : receivedBitsPerSecond / burstLimitBitsPerSecond * 100;
        return new RunSummary(id, sut, peer, instanceType, driver, List.copyOf(tags), tool, toolVersion, peerTool,
                peerToolVersion, outputFormat, side, startedAt, uploadedAt, protocol, direction, streams,
                durationSeconds, omitSeconds, targetBitsPerSecond, sentBitsPerSecond, receivedBitsPerSecond,
                retransmits, jitterMs, lostPercent, hostCpuPercent, remoteCpuPercent, burstLimitBitsPerSecond,
                baselineBitsPerSecond, percentOfBurst, reverseSentBitsPerSecond, reverseReceivedBitsPerSecond,
                intervalCount, jobId, status, error);
    }

    RunLabels labels() {
        return new RunLabels(sut, peer, instanceType, driver, tags, burstLimitBitsPerSecond, baselineBitsPerSecond);
    }

    /** A person corrected the labels; the figures iperf3 measured never change. */
    void relabel(RunLabels labels) {
        this.sut = labels.sut();
        this.peer = labels.peer();
        this.instanceType = labels.instanceType();
        this.driver = labels.driver();
        this.tags.clear();
        this.tags.addAll(labels.tags());
        this.burstLimitBitsPerSecond = labels.burstLimitBitsPerSecond();
        this.baselineBitsPerSecond = labels.baselineBitsPerSecond();
    }

    RunProvenance provenance() {
        return new RunProvenance(jobId, hostFacts, nicCounters, command);
    }
}
