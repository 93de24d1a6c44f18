package com.burstline.server.catalog;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/** How much a finding asks of the reader: a note, or a warning that the figure needs a second look. */
public enum Severity {
    INFO, WARNING;

    @JsonValue
    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return apiName();
    }
}
