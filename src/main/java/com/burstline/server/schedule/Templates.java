package com.burstline.server.schedule;

import com.burstline.server.job.planning.JobRequest;
import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;

/**
 * A job template as stored: the job request's JSON. Read leniently, so that a template stored before a field was
 * renamed still starts its job (the job rules check it at every fire anyway).
 */
final class Templates {
    private static final JsonMapper JSON = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    /** What a person typed into the page: an unknown field is refused, as the API refuses it. */
    private static final JsonMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    /** For the page: only the fields the template sets. */
    private static final JsonMapper PRETTY = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT)
            .changeDefaultPropertyInclusion(inclusion -> inclusion.withValueInclusion(JsonInclude.Include.NON_NULL))
            .build();

    private Templates() {
    }

    static String write(JobRequest template) {
        return JSON.writeValueAsString(template);
    }

    static JobRequest read(String json) {
        return JSON.readValue(json, JobRequest.class);
    }

    /** The template as the page shows it, indented. */
    static String pretty(JobRequest template) {
        return PRETTY.writeValueAsString(template);
    }

    /** The page's template field; its problems in words, like the API's. */
    static JobRequest parse(String json) {
        if (json == null || json.isBlank()) {
            return null;
        }
        try {
            return STRICT.readValue(json, JobRequest.class);
        } catch (UnrecognizedPropertyException unknown) {
            throw new InvalidScheduleException(List.of("job template: unknown field '" + unknown.getPropertyName()
                    + "'; the known fields are " + String.join(", ", unknown.getKnownPropertyIds().stream()
                    .map(String::valueOf).sorted().toList())));
        } catch (JacksonException wrong) {
            throw new InvalidScheduleException(List.of("job template is not a JSON object of the fields of POST "
                    + "/api/v1/jobs (" + wrong.getOriginalMessage() + "), e.g. {\"sut\": \"a\", \"peer\": "
                    + "\"b\", \"plan\": \"standard\"}"));
        }
    }
}
