package com.burstline.server.schedule;

import java.util.List;

/** A schedule request out of bounds, the job template's problems included; every problem found is listed (400). */
public class InvalidScheduleException extends RuntimeException {
    private final List<String> problems;

    InvalidScheduleException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
