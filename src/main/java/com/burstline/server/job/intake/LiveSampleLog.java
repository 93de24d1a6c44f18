package com.burstline.server.job.intake;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.LiveSamples;
import org.springframework.stereotype.Component;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every live sample relayed for each running scenario attempt, from its first: when the SUT agent is lost and its
 * result never comes, these are what the scenario measured (see {@code LiveSampleRuns}). The event stream's own
 * buffer keeps only the last batches, for pages opened mid-scenario. Bounded per attempt; the runner takes each
 * attempt's samples when it ends.
 */
@Component
public class LiveSampleLog {
    /** A day of 1 s intervals, each direction of a bidir scenario apart. */
    static final int MAX_SAMPLES_PER_ATTEMPT = 2 * 86_400;

    private final Map<AttemptKey, Kept> kept = new ConcurrentHashMap<>();

    private static final class Kept {
        private final List<LiveSamples> batches = new ArrayList<>();
        private int samples;
    }

    /** Called only for samples the event stream relayed, i.e. of an attempt that is running. */
    void add(AttemptKey key, LiveSamples batch) {
        Kept ofAttempt = kept.computeIfAbsent(key, k -> new Kept());
        synchronized (ofAttempt) {
            if (ofAttempt.samples + batch.samples().size() <= MAX_SAMPLES_PER_ATTEMPT) {
                ofAttempt.batches.add(batch);
                ofAttempt.samples += batch.samples().size();
            }
        }
    }

    /** The attempt's batches in the order they arrived, forgotten here; empty when none came. */
    public List<LiveSamples> take(AttemptKey key) {
        Kept ofAttempt = kept.remove(key);
        if (ofAttempt == null) {
            return List.of();
        }
        synchronized (ofAttempt) {
            return List.copyOf(ofAttempt.batches);
        }
    }
}
