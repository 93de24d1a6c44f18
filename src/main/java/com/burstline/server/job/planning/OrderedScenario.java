package com.burstline.server.job.planning;

import com.burstline.contract.Scenario;

/**
 * One scenario of a job in its place in the order: which pair (index into the job's pairs), which repetition, and
 * which of the requested scenarios ({@code index} into the job's scenario list, so the request can be rebuilt).
 */
public record OrderedScenario(int pair, int repetition, int index, Scenario scenario) {
}
