package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.LiveSamples;
import com.burstline.server.cluster.ClusterNotifications;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Every live sample batch of each running scenario attempt, from its first: the server running the job reads them
 * (a burst probe's drop; when the SUT agent is lost and its result never comes, they are what the scenario measured:
 * see {@code LiveSampleRuns}), as do the job's event streams. Where servers share the database (PostgreSQL) they are
 * kept in it, since an agent may post them to any server; on the embedded H2, which one server opens, in its memory
 * ({@link KeptInMemory}): a batch there costs no commit while the scenario runs. Bounded per attempt by each server
 * that takes them; the runner takes each attempt's batches when it ends, and a job's leftovers when it is done with
 * the job.
 */
@Component
public class LiveSampleLog {
    /** A day of 1 s intervals, each direction of a bidir scenario apart. */
    static final int MAX_SAMPLES_PER_ATTEMPT = 2 * 86_400;
    private static final String COLUMNS = "SELECT id, batch FROM live_sample ";

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final ClusterNotifications cluster;
    private final JsonMapper json = JsonMapper.builder().build();
    private final Map<AttemptKey, AtomicInteger> taken = new ConcurrentHashMap<>();
    /** Null where servers share the database. */
    private final KeptInMemory memory;

    LiveSampleLog(JdbcTemplate jdbc, TransactionTemplate transaction, ClusterNotifications cluster) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.cluster = cluster;
        this.memory = cluster.shared() ? null : new KeptInMemory();
    }

    /** One stored batch; {@code id} orders them as they arrived. */
    public record Stored(long id, LiveSamples batch) {
    }

    /** Keeps a batch of a running attempt (the caller checked it runs); false past the bound (then dropped). */
    public boolean add(AttemptKey key, LiveSamples batch) {
        int samples = batch.samples().size();
        if (taken.computeIfAbsent(key, k -> new AtomicInteger()).addAndGet(samples) > MAX_SAMPLES_PER_ATTEMPT) {
            return false;
        }
        if (memory != null) {
            memory.add(key, batch);
            return true;
        }
        transaction.executeWithoutResult(status -> {
            jdbc.update("INSERT INTO live_sample (job_id, scenario_id, attempt, samples, batch) VALUES (?, ?, ?, ?, ?)",
                    key.jobId(), key.scenarioId(), key.attempt(), samples, json.writeValueAsString(batch));
            cluster.send(ClusterNotifications.Topic.SAMPLES, key.jobId());
        });
        return true;
    }

    /** The attempt's batches after {@code afterId}, in the order they arrived. */
    public List<Stored> after(AttemptKey key, long afterId) {
        if (memory != null) {
            return memory.after(key, afterId);
        }
        return jdbc.query(COLUMNS + "WHERE job_id = ? AND scenario_id = ? AND attempt = ? AND id > ? ORDER BY id",
                (rs, n) -> stored(rs.getLong("id"), rs.getString("batch")), key.jobId(), key.scenarioId(),
                key.attempt(), afterId);
    }

    /** The job's batches after {@code afterId}, for its event streams. */
    List<Stored> ofJobAfter(long jobId, long afterId) {
        if (memory != null) {
            return memory.ofJobAfter(jobId, afterId);
        }
        return jdbc.query(COLUMNS + "WHERE job_id = ? AND id > ? ORDER BY id",
                (rs, n) -> stored(rs.getLong("id"), rs.getString("batch")), jobId, afterId);
    }

    /** The job's last {@code most} batches, oldest first: what a page opened mid-scenario draws first. */
    List<Stored> lastOfJob(long jobId, int most) {
        if (memory != null) {
            return memory.lastOfJob(jobId, most);
        }
        List<Stored> newestFirst = new ArrayList<>(jdbc.query(COLUMNS + "WHERE job_id = ? ORDER BY id DESC "
                + "FETCH FIRST " + most + " ROWS ONLY", (rs, n) -> stored(rs.getLong("id"), rs.getString("batch")),
                jobId));
        java.util.Collections.reverse(newestFirst);
        return newestFirst;
    }

    /** The attempt's batches in the order they arrived, forgotten here; empty when none came. */
    public List<LiveSamples> take(AttemptKey key) {
        taken.remove(key);
        if (memory != null) {
            return memory.take(key);
        }
        return transaction.execute(status -> {
            List<LiveSamples> batches = after(key, 0).stream().map(Stored::batch).toList();
            jdbc.update("DELETE FROM live_sample WHERE job_id = ? AND scenario_id = ? AND attempt = ?",
                    key.jobId(), key.scenarioId(), key.attempt());
            return batches;
        });
    }

    /**
     * When the job's thread is done with it (every attempt took its batches): batches that raced the end of their
     * attempt go with it. Not at the job's end itself: a cancelled attempt still takes its batches then.
     */
    public void forgetJob(long jobId) {
        if (memory != null) {
            memory.forgetJob(jobId);
        }
        // on H2 too: rows a server of the same database kept before it held them in memory
        jdbc.update("DELETE FROM live_sample WHERE job_id = ?", jobId);
        taken.keySet().removeIf(key -> key.jobId() == jobId);
    }

    private Stored stored(long id, String batch) {
        return new Stored(id, json.readValue(batch, LiveSamples.class));
    }
}
