package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.LiveSamples;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The in-memory batches answer as the database's rows do: in arrival order, per attempt and per job. */
class KeptInMemoryTest {
    private static final AttemptKey FIRST = new AttemptKey(1, 10, 1);
    private static final AttemptKey AGAIN = new AttemptKey(1, 10, 2);
    private static final AttemptKey OTHER_JOB = new AttemptKey(2, 20, 1);

    @Test
    void answersEachAttemptsAndEachJobsBatchesInArrivalOrder() {
        KeptInMemory<LiveSamples> kept = new KeptInMemory<>();
        kept.add(FIRST, batch(FIRST, 0));
        kept.add(OTHER_JOB, batch(OTHER_JOB, 0));
        kept.add(FIRST, batch(FIRST, 1));
        kept.add(AGAIN, batch(AGAIN, 0));

        List<BatchLog.Stored<LiveSamples>> ofFirst = kept.after(FIRST, 0);
        assertThat(ofFirst).extracting(stored -> stored.batch().samples().get(0).start()).containsExactly(0.0, 1.0);
        assertThat(kept.after(FIRST, ofFirst.get(0).id())).extracting(BatchLog.Stored::id)
                .containsExactly(ofFirst.get(1).id());
        assertThat(kept.ofJobAfter(1, 0)).extracting(stored -> stored.batch().attempt()).containsExactly(1, 1, 2);
        assertThat(kept.lastOfJob(1, 2)).extracting(stored -> stored.batch().attempt()).containsExactly(1, 2);
        assertThat(kept.ofJobAfter(2, 0)).hasSize(1);
    }

    @Test
    void takingAnAttemptLeavesTheOthersAndForgettingAJobLeavesOtherJobs() {
        KeptInMemory<LiveSamples> kept = new KeptInMemory<>();
        kept.add(FIRST, batch(FIRST, 0));
        kept.add(AGAIN, batch(AGAIN, 0));
        kept.add(FIRST, batch(FIRST, 1));
        kept.add(OTHER_JOB, batch(OTHER_JOB, 0));

        assertThat(kept.take(FIRST)).extracting(batch -> batch.samples().get(0).start()).containsExactly(0.0, 1.0);
        assertThat(kept.take(FIRST)).isEmpty();
        assertThat(kept.after(AGAIN, 0)).hasSize(1);

        kept.forgetJob(1);
        assertThat(kept.ofJobAfter(1, 0)).isEmpty();
        assertThat(kept.take(OTHER_JOB)).hasSize(1);
    }

    private static LiveSamples batch(AttemptKey key, double start) {
        return LiveSamples.of(key, LiveSamples.FROM_TOOL, List.of(LiveSamples.Sample.ofSum(start, start + 1, 9.4e8)),
                null);
    }
}
