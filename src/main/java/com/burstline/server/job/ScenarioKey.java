package com.burstline.server.job;

/** Which attempt of which scenario: what agents send back with every live sample and result. */
record ScenarioKey(long jobId, long scenarioId, int attempt) {
}
