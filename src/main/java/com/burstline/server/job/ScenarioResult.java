package com.burstline.server.job;

import tools.jackson.databind.JsonNode;

/** {@code POST /api/v1/agents/{name}/results}: how a scenario went, as its SUT agent saw it (agent-protocol.md). */
record ScenarioResult(Long jobId, Long scenarioId, Integer attempt, Boolean succeeded, String error, String output,
                      String outputFormat, String stderr, JsonNode command, Integer exitCode, JsonNode facts,
                      JsonNode counters) {
}
