package com.burstline.server;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.net.http.HttpResponse;

import static org.assertj.core.api.Assertions.assertThat;

/** Asserts that a response is an RFC 9457 problem a person can act on, without internals. */
public final class ProblemAssertions {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ProblemAssertions() {
    }

    public static void assertProblem(HttpResponse<String> response, int status, String detailPart) {
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
        JsonNode problem = JSON.readTree(response.body());
        assertThat(problem.get("status").intValue()).isEqualTo(status);
        assertThat(problem.get("type").stringValue()).startsWith("urn:burstline:problem:");
        assertThat(problem.get("detail").stringValue()).containsIgnoringCase(detailPart);
        assertThat(response.body()).doesNotContain("Exception").doesNotContain("\tat ");
    }
}
