package com.burstline.server.run;

import java.util.List;

/** A labels patch for many runs at once with fields at fault; every problem is listed (400 with {@code errors}). */
public class InvalidLabelsException extends InvalidRunInputException {
    private final List<String> problems;

    InvalidLabelsException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
