package com.burstline.server.system;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;

/** Problem details written by servlet filters, which answer before Spring MVC and its converters are reached. */
final class Problems {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private Problems() {
    }

    static void write(HttpServletResponse response, int status, String title, String detail) throws IOException {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.valueOf(status), detail);
        problem.setTitle(title);
        problem.setType(switch (status) {
            case 400 -> ProblemTypes.INVALID_INPUT;
            case 413 -> ProblemTypes.PAYLOAD_TOO_LARGE;
            default -> ProblemTypes.HTTP_ERROR;
        });
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.getOutputStream().write(JSON.writeValueAsBytes(problem));
    }
}
