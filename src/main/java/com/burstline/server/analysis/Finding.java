package com.burstline.server.analysis;

import java.util.Map;

/**
 * Something worth knowing about a run, with the numbers behind it. {@code kind} is one of the API's kinds
 * ({@code percent-of-limit}, {@code packet-loss}, {@code direction-asymmetry}, {@code sender-limited}, {@code burst-exhausted},
 * {@code allowance-exceeded}, {@code unstable}, {@code ena-express-unused}, {@code latency-under-load},
 * {@code partial-run}); {@code severity} is {@code info} or {@code warning}.
 */
public record Finding(long runId, String kind, String severity, String message, Map<String, Object> data) {
    public static final String INFO = "info";
    public static final String WARNING = "warning";

    public Finding {
        data = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(data));
    }
}
