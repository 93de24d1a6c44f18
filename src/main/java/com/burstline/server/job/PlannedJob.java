package com.burstline.server.job;

import java.util.List;

/** A checked job request: the scenarios in order, before repeats are expanded. */
record PlannedJob(String sut, String peer, String plan, int repeat, List<String> tags, Integer durationSeconds,
                  boolean stopOnFailure, List<PlannedScenario> scenarios) {
}
