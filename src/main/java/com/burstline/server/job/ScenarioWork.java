package com.burstline.server.job;

import com.burstline.contract.Scenario;
import com.burstline.contract.AttemptKey;

/**
 * A scenario the runner is about to dispatch: between which agents, what to run, and the dispatch's one-time nonce
 * (the server keeps only its hash; the SUT gets it in the ScenarioSpec and must bring it back).
 *
 * @param probe        a burst probe's scenario: it ends early once its rate stepped down ({@code ProbeWatch})
 * @param latencyProbe its job runs the loaded-latency probe beside throughput scenarios
 */
public record ScenarioWork(AttemptKey key, String sut, String peer, Scenario scenario, String nonce,
                           boolean probe, boolean latencyProbe) {
    /** Work without the loaded-latency probe. */
    public ScenarioWork(AttemptKey key, String sut, String peer, Scenario scenario, String nonce, boolean probe) {
        this(key, sut, peer, scenario, nonce, probe, false);
    }

    /** Whether the SUT runs the loaded-latency probe beside this scenario: a throughput scenario of such a job. */
    public boolean runsLatencyProbe() {
        return latencyProbe && !scenario.requestResponse();
    }
}
