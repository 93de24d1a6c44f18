package com.burstline.server.run;

/** The result of an import: the run, and whether it was new or the same bytes had been imported before. */
public record ImportOutcome(RunSummary run, boolean created) {
}
