package com.burstline.server.run;

import java.util.List;
import java.util.stream.Collectors;

/** The same bytes are stored already, under other labels: answering "already stored" would drop the new ones. */
public class RunLabelConflictException extends RuntimeException {
    private final long runId;
    private final transient List<LabelDifference> differences;

    RunLabelConflictException(long runId, List<LabelDifference> differences) {
        super("These bytes are stored already as run " + runId + ", with other labels: "
                + differences.stream().map(RunLabelConflictException::describe).collect(Collectors.joining("; "))
                + ". To change the run's labels, edit them on its page or PATCH /api/v1/runs/" + runId + ".");
        this.runId = runId;
        this.differences = List.copyOf(differences);
    }

    public long runId() {
        return runId;
    }

    public List<LabelDifference> differences() {
        return differences;
    }

    private static String describe(LabelDifference difference) {
        return difference.field() + " is " + quoted(difference.stored()) + ", not " + quoted(difference.given());
    }

    private static String quoted(String value) {
        return value == null ? "unset" : "'" + value + "'";
    }
}
