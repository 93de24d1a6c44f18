package com.burstline.server.job;

import com.burstline.contract.AttemptKey;

/**
 * A scenario the runner is about to dispatch: between which agents, and what to run.
 *
 * @param probe a burst probe's scenario: it ends early once its rate stepped down ({@link ProbeWatch})
 */
record ScenarioWork(AttemptKey key, String sut, String peer, PlannedScenario scenario, boolean probe) {

    ScenarioWork(AttemptKey key, String sut, String peer, PlannedScenario scenario) {
        this(key, sut, peer, scenario, false);
    }
}
