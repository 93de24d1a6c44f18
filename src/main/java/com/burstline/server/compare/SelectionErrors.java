package com.burstline.server.compare;

import com.burstline.server.run.InvalidRunInputException;
import com.burstline.server.run.RunNotFoundException;
import com.burstline.server.system.ProblemTypes;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Problem details for the comparison, analysis and report APIs: a bad selection or filter is 400, a missing run
 * 404. The run package's own advice covers only its controller, so these features answer its exceptions here.
 */
@RestControllerAdvice(basePackages = {"com.burstline.server.compare", "com.burstline.server.analysis",
        "com.burstline.server.report", "com.burstline.server.trend"})
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class SelectionErrors {

    @ExceptionHandler(InvalidSelectionException.class)
    ProblemDetail invalidSelection(InvalidSelectionException error) {
        return invalid(error.getMessage());
    }

    @ExceptionHandler(InvalidRunInputException.class)
    ProblemDetail invalidFilter(InvalidRunInputException error) {
        return invalid(error.getMessage());
    }

    @ExceptionHandler(RunNotFoundException.class)
    ProblemDetail notFound(RunNotFoundException error) {
        return ProblemTypes.problem(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND, "Run not found",
                error.getMessage());
    }

    private static ProblemDetail invalid(String detail) {
        return ProblemTypes.problem(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid input", detail);
    }
}
