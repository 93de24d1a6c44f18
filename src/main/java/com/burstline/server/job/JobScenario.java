package com.burstline.server.job;

import com.burstline.contract.Scenario;
import com.burstline.server.job.planning.OrderedScenario;
import com.burstline.server.job.planning.Pair;
import com.burstline.server.probe.ProbeView;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;

/** One scenario of a job: one iperf3 test between the agents of one of the job's pairs, and how it went. */
@Entity
@Table(name = "job_scenario")
class JobScenario extends JobRow {
    private int position;
    private int repetition;
    /** Which of the job's pairs runs it (index into its pairs). */
    private int pairIndex;
    /** Which of the requested scenarios it is; null for jobs from before orders other than sequential. */
    private Integer scenarioIndex;
    /** What it runs, in the contract's own record (mapped in META-INF/orm.xml), checked again when read. */
    @Embedded
    private Scenario scenario;
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
    /** Times it was run again because its attempt was in flight when its server went away. */
    private int reruns;

    protected JobScenario() {
        // for JPA
    }

    JobScenario(Job job, int position, OrderedScenario ordered) {
        super(job);
        this.position = position;
        this.repetition = ordered.repetition();
        this.pairIndex = ordered.pair();
        this.scenarioIndex = ordered.index();
        this.scenario = ordered.scenario();
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

    /**
     * Its attempt was in flight when its server went away and no result came: queued to run again, once. The old
     * attempt's nonce is forgotten now, so a result of it that still comes is refused: one run per scenario.
     */
    void rerun() {
        status = ScenarioStatus.QUEUED;
        reruns++;
        nonceHash = null;
        nonceUsedAt = null;
    }

    int reruns() {
        return reruns;
    }

    int position() {
        return position;
    }

    Instant startedAt() {
        return startedAt;
    }

    boolean isRunning(int attemptNumber) {
        return status == ScenarioStatus.RUNNING && attempt == attemptNumber;
    }

    long getId() {
        return id();
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

    /** The scenario as planned. */
    Scenario scenario() {
        return scenario;
    }

    ScenarioView toView(Pair pair, ProbeView probe) {
        return new ScenarioView(id(), position, repetition, scenario, status, attempt, runId, error, startedAt,
                finishedAt, note, pairIndex, pair.sut(), pair.peer(), scenarioIndex == null ? position : scenarioIndex,
                probe, null);
    }
}
