package com.burstline.server.job;

import java.util.List;

/**
 * A job that {@link JobTemplates} would not start, with every reason in words: the request's problems (the same
 * {@link JobRules} give the API), or a full queue.
 */
public class JobRefusedException extends RuntimeException {
    private final List<String> problems;

    JobRefusedException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
