package com.burstline.server.analysis;

import com.burstline.server.catalog.FindingKind;
import com.burstline.server.catalog.Severity;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Something worth knowing about a run, with the numbers behind it in {@code data}. {@code kind} is a finding kind of
 * the catalog ({@link FindingKind}, {@code GET /api/v1/findings/catalog}); {@code severity} is {@code info} or
 * {@code warning}; {@code headline} is the answer and {@code detail} what to check next, so pages show the one and
 * open the other without cutting sentences; {@code message} is both. The field names are part of the API.
 */
public record Finding(long runId, String kind, String severity, String headline, String detail,
                      Map<String, Object> data) {
    public static final String INFO = Severity.INFO.apiName();
    public static final String WARNING = Severity.WARNING.apiName();

    public Finding {
        data = Collections.unmodifiableMap(new LinkedHashMap<>(data));
    }

    /** A finding of the catalog's kind, at the kind's own severity. */
    static Finding of(long runId, FindingKind kind, String headline, String detail, Map<String, Object> data) {
        return of(runId, kind, kind.severity(), headline, detail, data);
    }

    static Finding of(long runId, FindingKind kind, Severity severity, String headline, String detail,
                      Map<String, Object> data) {
        return new Finding(runId, kind.id(), severity.apiName(), headline, detail, data);
    }

    /** The headline and the detail in one. */
    @JsonProperty
    public String message() {
        return detail.isEmpty() ? headline : headline + " " + detail;
    }
}
