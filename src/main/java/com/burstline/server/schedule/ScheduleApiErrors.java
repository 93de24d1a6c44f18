package com.burstline.server.schedule;

import com.burstline.server.system.ProblemTypes;
import com.burstline.server.system.RequestBodyProblems;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The schedule API's failures as RFC 9457 problem details, in the job API's shape for a bad template. */
@RestControllerAdvice(assignableTypes = ScheduleApiController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class ScheduleApiErrors {

    @ExceptionHandler(InvalidScheduleException.class)
    ProblemDetail invalid(InvalidScheduleException error) {
        return ProblemTypes.invalidInput(error.problems());
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ProblemDetail unreadable(HttpMessageNotReadableException error) {
        return RequestBodyProblems.unreadable(error, "The body must be a JSON object with the fields the API docs "
                + "list, e.g. {\"name\": \"nightly\", \"cron\": \"0 0 3 * * *\", \"timeZone\": \"Europe/Berlin\", "
                + "\"jobTemplate\": {\"sut\": \"a\", \"peer\": \"b\", \"plan\": \"standard\"}}.");
    }

    @ExceptionHandler(ScheduleNotFoundException.class)
    ProblemDetail notFound(ScheduleNotFoundException error) {
        return ProblemTypes.problem(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND, "Schedule not found",
                error.getMessage());
    }

    @ExceptionHandler(ScheduleNameTakenException.class)
    ProblemDetail taken(ScheduleNameTakenException error) {
        return ProblemTypes.problem(HttpStatus.CONFLICT, ProblemTypes.HTTP_ERROR, "Schedule name taken",
                error.getMessage());
    }
}
