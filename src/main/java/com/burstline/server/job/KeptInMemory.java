package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.LiveSamples;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@link LiveSampleLog}'s batches where only one server opens the database (the embedded H2): in this server's
 * memory, numbered as they arrived, so that a scenario's live samples cost no commit on its way. They answer what
 * the database's rows would; a restart loses them, as it loses the attempt they belong to (its result comes from
 * the agent's spool).
 */
final class KeptInMemory {
    private record Kept(AttemptKey key, LiveSamples batch) {
    }

    private final ConcurrentSkipListMap<Long, Kept> batches = new ConcurrentSkipListMap<>();
    private final AtomicLong ids = new AtomicLong();

    void add(AttemptKey key, LiveSamples batch) {
        batches.put(ids.incrementAndGet(), new Kept(key, batch));
    }

    List<LiveSampleLog.Stored> after(AttemptKey key, long afterId) {
        return select(afterId, kept -> kept.key().equals(key));
    }

    List<LiveSampleLog.Stored> ofJobAfter(long jobId, long afterId) {
        return select(afterId, kept -> kept.key().jobId() == jobId);
    }

    List<LiveSampleLog.Stored> lastOfJob(long jobId, int most) {
        List<LiveSampleLog.Stored> ofJob = ofJobAfter(jobId, 0);
        return List.copyOf(ofJob.subList(Math.max(0, ofJob.size() - most), ofJob.size()));
    }

    List<LiveSamples> take(AttemptKey key) {
        List<LiveSamples> taken = new ArrayList<>();
        for (Map.Entry<Long, Kept> entry : batches.entrySet()) {
            if (entry.getValue().key().equals(key) && batches.remove(entry.getKey()) != null) {
                taken.add(entry.getValue().batch());
            }
        }
        return taken;
    }

    void forgetJob(long jobId) {
        batches.values().removeIf(kept -> kept.key().jobId() == jobId);
    }

    private List<LiveSampleLog.Stored> select(long afterId, java.util.function.Predicate<Kept> which) {
        List<LiveSampleLog.Stored> selected = new ArrayList<>();
        batches.tailMap(afterId, false).forEach((id, kept) -> {
            if (which.test(kept)) {
                selected.add(new LiveSampleLog.Stored(id, kept.batch()));
            }
        });
        return selected;
    }
}
