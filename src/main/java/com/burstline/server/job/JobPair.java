package com.burstline.server.job;

import com.burstline.server.job.planning.Pair;
import jakarta.persistence.Embeddable;

/** One pair of a job as stored (table job_pair, in the job's order). */
@Embeddable
class JobPair {
    private String sut;
    private String peer;

    protected JobPair() {
        // for JPA
    }

    JobPair(Pair pair) {
        this.sut = pair.sut();
        this.peer = pair.peer();
    }

    Pair pair() {
        return new Pair(sut, peer);
    }
}
