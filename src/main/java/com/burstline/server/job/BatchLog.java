package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.server.cluster.ClusterNotifications;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToIntFunction;

/**
 * Every batch of one kind an agent posts for each running scenario attempt (throughput samples: {@link
 * LiveSampleLog}; latency samples: {@link LatencySampleLog}), from its first: the server running the job reads them
 * (when the SUT agent is lost and its result never comes, they are what the scenario measured: see {@code
 * LiveSampleRuns}), as do the job's event streams. Where servers share the database (PostgreSQL) they are kept in
 * table live_sample, each row with its kind, since an agent may post them to any server, and each batch is announced
 * to the others; on the embedded H2, which one server opens, in its memory ({@link KeptInMemory}): a batch there costs
 * no commit while the scenario runs. Bounded per attempt by each server that takes them; the runner takes each
 * attempt's batches when it ends, and a job's leftovers when it is done with the job.
 *
 * @param <B> a batch as the agent posted it (without its nonce), stored as its JSON
 */
public class BatchLog<B> {
    private static final String SELECT = "SELECT id, batch FROM live_sample WHERE kind = ? ";

    private final Kind<B> kind;
    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final ClusterNotifications cluster;
    private final JsonMapper json = JsonMapper.builder().build();
    private final Map<AttemptKey, AtomicInteger> taken = new ConcurrentHashMap<>();
    /** Null where servers share the database. */
    private final KeptInMemory<B> memory;

    /**
     * @param name     the rows' {@code kind}
     * @param topic    what a stored batch is announced as to the other servers; null for batches no page reads
     * @param bound    the samples an attempt may have kept; a batch past it is dropped
     * @param samples  how many samples a batch holds
     */
    record Kind<B>(String name, ClusterNotifications.Topic topic, Class<B> type, int bound, ToIntFunction<B> samples) {
    }

    /** One stored batch; {@code id} orders them as they arrived. */
    public record Stored<B>(long id, B batch) {
    }

    BatchLog(Kind<B> kind, JdbcTemplate jdbc, TransactionTemplate transaction, ClusterNotifications cluster) {
        this.kind = kind;
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.cluster = cluster;
        this.memory = cluster.shared() ? null : new KeptInMemory<>();
    }

    /** Keeps a batch of a running attempt (the caller checked it runs); false past the bound (then dropped). */
    public boolean add(AttemptKey key, B batch) {
        int samples = kind.samples().applyAsInt(batch);
        if (taken.computeIfAbsent(key, k -> new AtomicInteger()).addAndGet(samples) > kind.bound()) {
            return false;
        }
        if (memory != null) {
            memory.add(key, batch);
            return true;
        }
        transaction.executeWithoutResult(status -> {
            jdbc.update("INSERT INTO live_sample (kind, job_id, scenario_id, attempt, samples, batch) "
                            + "VALUES (?, ?, ?, ?, ?, ?)", kind.name(), key.jobId(), key.scenarioId(), key.attempt(),
                    samples, json.writeValueAsString(batch));
            if (kind.topic() != null) {
                cluster.send(kind.topic(), key.jobId());
            }
        });
        return true;
    }

    /** The attempt's batches after {@code afterId}, in the order they arrived. */
    public List<Stored<B>> after(AttemptKey key, long afterId) {
        if (memory != null) {
            return memory.after(key, afterId);
        }
        return jdbc.query(SELECT + "AND job_id = ? AND scenario_id = ? AND attempt = ? AND id > ? ORDER BY id",
                (rs, n) -> stored(rs.getLong("id"), rs.getString("batch")), kind.name(), key.jobId(),
                key.scenarioId(), key.attempt(), afterId);
    }

    /** The job's batches after {@code afterId}, for its event streams. */
    List<Stored<B>> ofJobAfter(long jobId, long afterId) {
        if (memory != null) {
            return memory.ofJobAfter(jobId, afterId);
        }
        return jdbc.query(SELECT + "AND job_id = ? AND id > ? ORDER BY id",
                (rs, n) -> stored(rs.getLong("id"), rs.getString("batch")), kind.name(), jobId, afterId);
    }

    /** The job's last {@code most} batches, oldest first: what a page opened mid-scenario draws first. */
    List<Stored<B>> lastOfJob(long jobId, int most) {
        if (memory != null) {
            return memory.lastOfJob(jobId, most);
        }
        List<Stored<B>> newestFirst = new ArrayList<>(jdbc.query(SELECT + "AND job_id = ? ORDER BY id DESC "
                + "FETCH FIRST " + most + " ROWS ONLY", (rs, n) -> stored(rs.getLong("id"), rs.getString("batch")),
                kind.name(), jobId));
        Collections.reverse(newestFirst);
        return newestFirst;
    }

    /** The attempt's batches in the order they arrived, forgotten here; empty when none came. */
    public List<B> take(AttemptKey key) {
        taken.remove(key);
        if (memory != null) {
            return memory.take(key);
        }
        return transaction.execute(status -> {
            List<B> batches = after(key, 0).stream().map(Stored::batch).toList();
            jdbc.update("DELETE FROM live_sample WHERE kind = ? AND job_id = ? AND scenario_id = ? AND attempt = ?",
                    kind.name(), key.jobId(), key.scenarioId(), key.attempt());
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
        jdbc.update("DELETE FROM live_sample WHERE kind = ? AND job_id = ?", kind.name(), jobId);
        taken.keySet().removeIf(key -> key.jobId() == jobId);
    }

    private Stored<B> stored(long id, String batch) {
        return new Stored<>(id, json.readValue(batch, kind.type()));
    }
}
