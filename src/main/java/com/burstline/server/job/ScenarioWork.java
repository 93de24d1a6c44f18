package com.burstline.server.job;

/** A scenario the runner is about to dispatch: between which agents, and what to run. */
record ScenarioWork(ScenarioKey key, String sut, String peer, PlannedScenario scenario) {
}
