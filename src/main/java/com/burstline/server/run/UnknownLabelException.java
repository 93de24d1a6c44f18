package com.burstline.server.run;

import java.util.List;

/** A PATCH body named a field that is not a label: refused like any unknown field (400 naming it). */
public class UnknownLabelException extends RuntimeException {
    private final String field;
    private final transient List<String> known;

    public UnknownLabelException(String field, List<String> known) {
        super("Unknown field '" + field + "'; the labels are " + String.join(", ", known));
        this.field = field;
        this.known = List.copyOf(known);
    }

    public String field() {
        return field;
    }

    public List<String> known() {
        return known;
    }
}
