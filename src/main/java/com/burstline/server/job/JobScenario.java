package com.burstline.server.job;

import com.burstline.contract.Scenario;
import com.burstline.server.job.planning.OrderedScenario;
import com.burstline.server.job.planning.Pair;
import com.burstline.server.probe.ProbeView;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;

/** One scenario of a job: one iperf3 test between the agents of one of the job's pairs, and how it went. */
@Entity
@Table(name = "job_scenario")
class JobScenario {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;
    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "job_id")
    private Job job;
    private int position;
    private int repetition;
    /** Which of the job's pairs runs it (index into its pairs). */
    private int pairIndex;
    /** Which of the requested scenarios it is; null for jobs from before orders other than sequential. */
    private Integer scenarioIndex;
    private String protocol;
    private String direction;
    private int streams;
    private int durationSeconds;
    private double intervalSeconds;
    private int omitSeconds;
    @Column(name = "target_bps")
    private Long targetBitsPerSecond;
    private String tool;
    /** A request/response scenario's message size; null for a throughput scenario. */
    private Integer messageBytes;
    @Enumerated(EnumType.STRING)
    private ScenarioStatus status;
    private int attempt;
    private Long runId;
    private String error;
    private Instant startedAt;
    private Instant finishedAt;
    private String nonceHash;
    private Instant nonceUsedAt;
    private String note;

    protected JobScenario() {
        // for JPA
    }

    JobScenario(Job job, int position, OrderedScenario ordered) {
        Scenario scenario = ordered.scenario();
        this.job = job;
        this.position = position;
        this.repetition = ordered.repetition();
        this.pairIndex = ordered.pair();
        this.scenarioIndex = ordered.index();
        this.protocol = scenario.protocol();
        this.direction = scenario.direction();
        this.streams = scenario.streams();
        this.durationSeconds = scenario.durationSeconds();
        this.intervalSeconds = scenario.intervalSeconds();
        this.omitSeconds = scenario.omitSeconds();
        this.targetBitsPerSecond = scenario.targetBitsPerSecond();
        this.tool = scenario.tool();
        this.messageBytes = scenario.messageBytes();
        this.status = ScenarioStatus.QUEUED;
    }

    void start(Instant now) {
        status = ScenarioStatus.RUNNING;
        attempt++;
        startedAt = now;
    }

    void finish(ScenarioStatus outcome, Long run, String reason, Instant now) {
        status = outcome;
        runId = run;
        error = bounded(reason);
        finishedAt = now;
    }

    /** The dispatch's nonce, kept as its SHA-256 like every secret: its result and live samples must bring it. */
    void dispatchedWith(String newNonceHash) {
        nonceHash = newNonceHash;
        nonceUsedAt = null;
    }

    /** Whether this nonce is the one this scenario was dispatched with (compared in constant time). */
    boolean dispatchedWithNonce(String nonceSha256) {
        return nonceHash != null && nonceSha256 != null && MessageDigest.isEqual(
                nonceHash.getBytes(StandardCharsets.US_ASCII), nonceSha256.getBytes(StandardCharsets.US_ASCII));
    }

    /** The result that used the nonce arrived: the nonce reports nothing more. */
    void resultArrived(Instant now) {
        if (nonceUsedAt == null) {
            nonceUsedAt = now;
        }
    }

    boolean resultArrived() {
        return nonceUsedAt != null;
    }

    Job job() {
        return job;
    }

    /**
     * A result of this attempt that came after the scenario had failed (it timed out, the server restarted, and the
     * agent delivered it from its spool): a complete run means the scenario did succeed, late, and the note keeps
     * why it had failed. Anything else only links the run it measured.
     */
    void lateResult(int attemptNumber, boolean complete, long run, Instant now) {
        if (complete && status == ScenarioStatus.FAILED && attempt == attemptNumber) {
            note = bounded("late: the result arrived at " + now + " from the agent's spool, after the scenario had "
                    + "been marked failed (" + error + ")");
            status = ScenarioStatus.SUCCEEDED;
            runId = run;
            error = null;
        } else {
            linkLateRun(run);
        }
    }

    private static String bounded(String text) {
        return text == null ? null : text.length() > 2000 ? text.substring(0, 1997) + "..." : text;
    }

    /** A result that came after the scenario ended (timed out, server restarted): keep the run it measured. */
    void linkLateRun(long run) {
        if (runId == null) {
            runId = run;
        }
    }

    boolean isRunning(int attemptNumber) {
        return status == ScenarioStatus.RUNNING && attempt == attemptNumber;
    }

    long getId() {
        return id;
    }

    ScenarioStatus status() {
        return status;
    }

    int pairIndex() {
        return pairIndex;
    }

    int attempt() {
        return attempt;
    }

    Long runId() {
        return runId;
    }

    String error() {
        return error;
    }

    String note() {
        return note;
    }

    /** The scenario as planned, rebuilt from its columns (JPA maps no contract record) and so checked again. */
    Scenario scenario() {
        return new Scenario(protocol, direction, streams,
                durationSeconds, intervalSeconds, omitSeconds, targetBitsPerSecond, tool, messageBytes);
    }

    ScenarioView toView(Pair pair, ProbeView probe) {
        return new ScenarioView(id, position, repetition, protocol, direction, streams, durationSeconds,
                intervalSeconds, omitSeconds, targetBitsPerSecond, tool, status, attempt, runId, error, startedAt,
                finishedAt, note, pairIndex, pair.sut(), pair.peer(), scenarioIndex == null ? position : scenarioIndex,
                probe, messageBytes);
    }
}
