package com.burstline.server.security;

import com.burstline.server.system.ProblemTypes;
import com.burstline.server.system.RequestBodyProblems;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.net.URI;

/** The users and tokens API's failures as RFC 9457 problem details. */
@RestControllerAdvice(assignableTypes = AccessApiController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class AccessApiErrors {
    private static final URI CONFLICT = URI.create("urn:burstline:problem:conflict");

    @ExceptionHandler(InvalidAccessRequestException.class)
    ProblemDetail invalid(InvalidAccessRequestException error) {
        return ProblemTypes.problem(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid request",
                error.getMessage());
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ProblemDetail unreadable(HttpMessageNotReadableException error) {
        return RequestBodyProblems.unreadable(error, "The body must be a JSON object with the fields this call's "
                + "documentation lists, and no others.");
    }

    @ExceptionHandler(AccessNotFoundException.class)
    ProblemDetail notFound(AccessNotFoundException error) {
        return ProblemTypes.problem(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND, "Not found", error.getMessage());
    }

    @ExceptionHandler(AccessConflictException.class)
    ProblemDetail conflict(AccessConflictException error) {
        return ProblemTypes.problem(HttpStatus.CONFLICT, CONFLICT, "Conflict", error.getMessage());
    }
}
