package com.burstline.server.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;

/**
 * One run as {@code GET /api/v1/runs/{id}} and an upload's answer give it: the summary's fields, and {@code notes} on
 * what the import read as unknown because iperf3 printed an impossible value there ({@link RunNote}), left out when
 * there is none.
 */
public record RunView(@JsonUnwrapped RunSummary summary,
                      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RunNote> notes) {
    public RunView {
        notes = List.copyOf(notes);
    }
}
