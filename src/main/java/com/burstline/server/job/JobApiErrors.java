package com.burstline.server.job;

import com.burstline.server.system.ProblemTypes;
import com.burstline.server.system.RequestBodyProblems;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The job API's and the agents' reports' failures as RFC 9457 problem details. */
@RestControllerAdvice(assignableTypes = {JobApiController.class, AgentReportsController.class})
@Order(Ordered.HIGHEST_PRECEDENCE)
class JobApiErrors {

    @ExceptionHandler(InvalidJobException.class)
    ProblemDetail invalid(InvalidJobException error) {
        return ProblemTypes.invalidInput(error.problems());
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ProblemDetail unreadable(HttpMessageNotReadableException error) {
        return RequestBodyProblems.unreadable(error, "The body must be a JSON object with the fields the API docs "
                + "list, with numbers where numbers are expected, e.g. {\"sut\": \"a\", \"peer\": \"b\", "
                + "\"plan\": \"standard\"}.");
    }

    @ExceptionHandler(JobQueueFullException.class)
    ProblemDetail queueFull(JobQueueFullException error) {
        return ProblemTypes.problem(HttpStatus.TOO_MANY_REQUESTS, ProblemTypes.HTTP_ERROR, "Too many jobs waiting",
                error.getMessage());
    }

    @ExceptionHandler(JobNotFoundException.class)
    ProblemDetail notFound(JobNotFoundException error) {
        return ProblemTypes.problem(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND, "Job not found",
                error.getMessage());
    }

    @ExceptionHandler(DispatchRefusedException.class)
    ProblemDetail refused(DispatchRefusedException error) {
        return ProblemTypes.problem(HttpStatus.FORBIDDEN, ProblemTypes.FORBIDDEN, "Not this agent's scenario",
                error.getMessage());
    }

    @ExceptionHandler(JobFinishedException.class)
    ProblemDetail finished(JobFinishedException error) {
        return ProblemTypes.problem(HttpStatus.CONFLICT, ProblemTypes.HTTP_ERROR, "Job already finished",
                error.getMessage());
    }
}
