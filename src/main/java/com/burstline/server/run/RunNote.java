package com.burstline.server.run;

import com.burstline.iperf.IgnoredValue;

/**
 * Something impossible the import found in a run's output and read as unknown instead of refusing the run: a value
 * out of range in a field that carries no throughput ({@link IgnoredValue}). The field names are part of the API
 * ({@code notes} of {@code GET /api/v1/runs/{id}}).
 *
 * @param kind    {@code ignored-value}
 * @param field   the JSON key, e.g. {@code remote_total}
 * @param path    where its first such value stood
 * @param value   that value as iperf3 printed it
 * @param count   how many values under this key were out of range
 * @param allowed what a real run has there
 * @param message the note in words: "iperf3 reported remote CPU -6.7e+19; ignored (…)"
 */
public record RunNote(String kind, String field, String path, String value, int count, String allowed,
                      String message) {
    static final String IGNORED_VALUE = "ignored-value";

    static RunNote of(IgnoredValue ignored) {
        String more = ignored.count() > 1 ? " and " + (ignored.count() - 1) + " more out of range" : "";
        return new RunNote(IGNORED_VALUE, ignored.key(), ignored.path(), ignored.value(), ignored.count(),
                ignored.allowed(), "iperf3 reported " + ignored.label() + " " + ignored.value() + more
                        + "; ignored, as it is unknown (a real iperf3 run has " + ignored.allowed() + " at "
                        + ignored.path() + "). The throughput figures are iperf3's own.");
    }
}
