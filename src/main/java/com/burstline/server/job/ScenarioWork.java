package com.burstline.server.job;

import com.burstline.contract.AttemptKey;
/** A scenario the runner is about to dispatch: between which agents, and what to run. */
record ScenarioWork(AttemptKey key, String sut, String peer, PlannedScenario scenario) {
}
