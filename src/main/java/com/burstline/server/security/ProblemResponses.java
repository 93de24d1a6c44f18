package com.burstline.server.security;

import com.burstline.server.system.ProblemTypes;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** 401 and 403 for the API as RFC 9457 problems, written by the security filters before any controller runs. */
final class ProblemResponses {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ProblemResponses() {
    }

    static AuthenticationEntryPoint unauthorized() {
        return unauthorized("API token", "api-token");
    }

    /** For the agent calls: the agent token is a different secret, and the answer says which one is needed. */
    static AuthenticationEntryPoint unauthorizedAgent() {
        return unauthorized("agent token", "agent-token");
    }

    private static AuthenticationEntryPoint unauthorized(String tokenName, String fileName) {
        return (request, response, exception) -> {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"burstline\"");
            String detail = request.getHeader(HttpHeaders.AUTHORIZATION) == null
                    ? "This call needs the " + tokenName + ": send 'Authorization: Bearer <token>'. The server "
                    + "keeps it in the file " + fileName + " in its data dir (it prints where when it starts)."
                    : "The " + tokenName + " is not valid for this call.";
            write(response, HttpStatus.UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, detail, request.getRequestURI());
        };
    }

    static AccessDeniedHandler forbidden() {
        return (request, response, exception) -> write(response, HttpStatus.FORBIDDEN, ProblemTypes.FORBIDDEN,
                "This token may not make this call.", request.getRequestURI());
    }

    private static void write(HttpServletResponse response, HttpStatus status, URI type, String detail, String path)
            throws java.io.IOException {
        Map<String, Object> problem = new LinkedHashMap<>();
        problem.put("type", type.toString());
        problem.put("title", status.getReasonPhrase());
        problem.put("status", status.value());
        problem.put("detail", detail);
        problem.put("instance", path);
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.getOutputStream().write(JSON.writeValueAsString(problem).getBytes(StandardCharsets.UTF_8));
    }
}
