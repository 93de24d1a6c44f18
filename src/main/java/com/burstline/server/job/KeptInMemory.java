package com.burstline.server.job;

import com.burstline.contract.AttemptKey;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link BatchLog}'s batches where only one server opens the database (the embedded H2): in this server's memory,
 * numbered as they arrived, so that a scenario's samples cost no commit on their way. They answer what the
 * database's rows would; a restart loses them, as it loses the attempt they belong to (its result comes from
 * the agent's spool).
 */
final class KeptInMemory<B> {
    private record Kept<B>(AttemptKey key, B batch) {
    }

    private final ConcurrentSkipListMap<Long, Kept<B>> batches = new ConcurrentSkipListMap<>();
    private final AtomicLong ids = new AtomicLong();

    void add(AttemptKey key, B batch) {
        batches.put(ids.incrementAndGet(), new Kept<>(key, batch));
    }

    List<BatchLog.Stored<B>> after(AttemptKey key, long afterId) {
        return select(afterId, kept -> kept.key().equals(key));
    }

    List<BatchLog.Stored<B>> ofJobAfter(long jobId, long afterId) {
        return select(afterId, kept -> kept.key().jobId() == jobId);
    }

    List<BatchLog.Stored<B>> lastOfJob(long jobId, int most) {
        List<BatchLog.Stored<B>> ofJob = ofJobAfter(jobId, 0);
        return List.copyOf(ofJob.subList(Math.max(0, ofJob.size() - most), ofJob.size()));
    }

    List<B> take(AttemptKey key) {
        List<B> taken = new ArrayList<>();
        for (Map.Entry<Long, Kept<B>> entry : batches.entrySet()) {
            if (entry.getValue().key().equals(key) && batches.remove(entry.getKey()) != null) {
                taken.add(entry.getValue().batch());
            }
        }
        return taken;
    }

    void forgetJob(long jobId) {
        batches.values().removeIf(kept -> kept.key().jobId() == jobId);
    }

    private List<BatchLog.Stored<B>> select(long afterId, java.util.function.Predicate<Kept<B>> which) {
        List<BatchLog.Stored<B>> selected = new ArrayList<>();
        batches.tailMap(afterId, false).forEach((id, kept) -> {
            if (which.test(kept)) {
                selected.add(new BatchLog.Stored<>(id, kept.batch()));
            }
        });
        return selected;
    }
}
