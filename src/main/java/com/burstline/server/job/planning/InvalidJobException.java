package com.burstline.server.job.planning;

import java.util.List;

/**
 * A job request or agent report out of bounds; every problem found is listed, as data ({@link Problem}). Answered
 * with 400, its {@code errors} the problems' words.
 */
public class InvalidJobException extends RuntimeException {
    private final List<Problem> problems;

    public InvalidJobException(List<Problem> problems) {
        super(String.join("; ", problems.stream().map(Problem::text).toList()));
        this.problems = List.copyOf(problems);
    }

    public InvalidJobException(String problem) {
        this(List.of(Problem.of(problem)));
    }

    /** Each problem in the API's words. */
    public List<String> problems() {
        return problems.stream().map(Problem::text).toList();
    }

    /** Each problem as data, for a page to word in its own labels. */
    public List<Problem> details() {
        return problems;
    }
}
