package com.burstline.contract;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which attempt of which scenario of which job: sent with every scenario spec, live sample, result and cancel, so
 * that a late message from an earlier attempt is never taken for the current one. Also the cancel message itself.
 */
public record AttemptKey(long jobId, long scenarioId, int attempt) {
    /** 0 is a scenario not yet dispatched (the server's own bookkeeping); agents only ever see 1 and more. */
    public static final Limit ATTEMPT = new Limit("attempt", 0, 1_000_000);

    public AttemptKey {
        if (jobId < 0 || scenarioId < 0) {
            throw new InvalidMessageException("jobId and scenarioId must be 0 or more");
        }
        ATTEMPT.check(attempt);
    }

    public static AttemptKey fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json);
        return new AttemptKey(fields.requireLong("jobId", 0, Long.MAX_VALUE),
                fields.requireLong("scenarioId", 0, Long.MAX_VALUE), fields.requireInt(ATTEMPT));
    }

    /** The key from boxed fields as a server reads them; null when one is missing or out of bounds. */
    public static AttemptKey orNull(Long jobId, Long scenarioId, Integer attempt) {
        if (jobId == null || scenarioId == null || attempt == null || jobId < 0 || scenarioId < 0
                || ATTEMPT.problem("", attempt) != null) {
            return null;
        }
        return new AttemptKey(jobId, scenarioId, attempt);
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("jobId", jobId);
        json.put("scenarioId", scenarioId);
        json.put("attempt", attempt);
        return json;
    }

    /** "job 7 scenario 31", for logs and messages. */
    public String describe() {
        return "job " + jobId + " scenario " + scenarioId;
    }

    /** A file name for this attempt's result, e.g. in the agent's spool. */
    public String fileName() {
        return "job-" + jobId + "-scenario-" + scenarioId + "-attempt-" + attempt;
    }
}
