package com.burstline.contract;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code POST /v1/host-config}: read this host's configuration for the interface that routes {@code towards} the
 * other host of a scenario (the peer's test address for the SUT, the SUT's for the peer).
 *
 * @param jobId the job whose scenario the reading is for, null from a server that does not say: a reading the agent
 *              made ahead after that job's previous measurement may answer it, never one made for another job
 */
public record HostConfigRequest(String towards, Long jobId) {
    public static final Limit JOB_ID = new Limit("jobId", 0, Long.MAX_VALUE);

    public HostConfigRequest {
        NameRules.checkHost("towards", towards);
        if (jobId != null) {
            JOB_ID.check(jobId);
        }
    }

    public static HostConfigRequest fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json);
        return new HostConfigRequest(fields.requireString("towards", NameRules.MAX_HOST), fields.optionalLong(JOB_ID));
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("towards", towards);
        if (jobId != null) {
            json.put("jobId", jobId);
        }
        return json;
    }
}
