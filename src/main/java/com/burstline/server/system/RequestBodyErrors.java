package com.burstline.server.system;

import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Unreadable JSON bodies of every API that has no advice of its own (features with one call
 * {@link RequestBodyProblems} too), so that an unknown field is a 400 naming it everywhere.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
class RequestBodyErrors {

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ProblemDetail unreadable(HttpMessageNotReadableException error) {
        return RequestBodyProblems.unreadable(error, "The body must be a JSON object with the fields the API docs "
                + "(/swagger-ui.html) list.");
    }
}
