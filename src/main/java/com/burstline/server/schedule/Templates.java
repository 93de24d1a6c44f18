package com.burstline.server.schedule;

import com.burstline.server.job.JobRequest;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * A job template as stored: the job request's JSON. Read leniently, so that a template stored before a field was
 * renamed still starts its job (the job rules check it at every fire anyway).
 */
final class Templates {
    private static final JsonMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    private Templates() {
    }

    static String write(JobRequest template) {
        return JSON.writeValueAsString(template);
    }

    static JobRequest read(String json) {
        return JSON.readValue(json, JobRequest.class);
    }
}
