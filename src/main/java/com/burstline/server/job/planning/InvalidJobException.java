package com.burstline.server.job.planning;

import java.util.List;

/** A job request or agent report out of bounds; every problem found is listed. Answered with 400. */
public class InvalidJobException extends RuntimeException {
    private final List<String> problems;

    public InvalidJobException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    public InvalidJobException(String problem) {
        this(List.of(problem));
    }

    public List<String> problems() {
        return problems;
    }
}
