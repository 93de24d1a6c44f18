package com.burstline.server.security;

import com.burstline.server.system.ProblemTypes;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.csrf.CsrfException;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** 401, 403 and 429 for the API as RFC 9457 problems, written by the security filters before any controller runs. */
final class ProblemResponses {
    static final URI TOO_MANY = ProblemTypes.TOO_MANY_FAILURES;
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ProblemResponses() {
    }

    static AuthenticationEntryPoint unauthorized() {
        return unauthorized("a signed-in session or an API token",
                "An admin creates tokens under Admin → Tokens or with POST /api/v1/tokens; the bootstrap token is "
                        + "burstline.api-token or the file api-token in the server's data dir.");
    }

    /** For the agent calls: agents have their own secrets, and the answer says which one is needed. */
    static AuthenticationEntryPoint unauthorizedAgent() {
        return unauthorized("the agent's own secret (or, to enroll, a join token)",
                "An admin adds the agent on the Agents page (Add an agent), whose commands start it with a join "
                        + "token; it then uses the secret the server answered.");
    }

    /** An agent call by the wrong agent, or by the enrollment token where only an agent may speak. */
    static AccessDeniedHandler forbiddenAgent() {
        return (request, response, exception) -> write(response, HttpStatus.FORBIDDEN, ProblemTypes.FORBIDDEN,
                "An agent speaks only for itself: this call needs the secret of the agent named in the path (the "
                        + "agent token only enrolls).", request.getRequestURI());
    }

    private static AuthenticationEntryPoint unauthorized(String needed, String where) {
        return (request, response, exception) -> {
            response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Bearer realm=\"burstline\"");
            String detail = request.getHeader(HttpHeaders.AUTHORIZATION) == null
                    ? "This call needs " + needed + ": send 'Authorization: Bearer <token>'. " + where
                    : exception.getMessage();
            write(response, HttpStatus.UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, detail, request.getRequestURI());
        };
    }

    static AccessDeniedHandler forbidden() {
        return (request, response, exception) -> write(response, HttpStatus.FORBIDDEN, ProblemTypes.FORBIDDEN,
                exception instanceof CsrfException
                        ? "A call signed in by the dashboard's session needs its CSRF token; programs send "
                        + "'Authorization: Bearer <token>' instead."
                        : "Your role may not make this call.", request.getRequestURI());
    }

    static void write(HttpServletResponse response, HttpStatus status, URI type, String detail, String path)
            throws IOException {
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
