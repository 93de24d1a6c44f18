package com.burstline.server.run;

import com.burstline.iperf.ImplausibleValueException;
import com.burstline.iperf.Iperf3FormatException;
import com.burstline.iperf.Iperf3MeasuredNothing;
import com.burstline.iperf.Iperf3ReportedError;
import com.burstline.server.system.ProblemTypes;
import com.burstline.server.system.RequestBodyProblems;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Turns the run API's failures into RFC 9457 problem details; nothing was stored when any of these is thrown. */
@RestControllerAdvice(assignableTypes = RunApiController.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class RunApiErrors {

    @ExceptionHandler(Iperf3ReportedError.class)
    ProblemDetail iperf3Failed(Iperf3ReportedError error) {
        return ProblemTypes.problem(HttpStatus.UNPROCESSABLE_CONTENT, ProblemTypes.IPERF3_REPORTED_ERROR,
                "iperf3 reported an error", error.getMessage());
    }

    @ExceptionHandler(Iperf3MeasuredNothing.class)
    ProblemDetail measuredNothing(Iperf3MeasuredNothing error) {
        return ProblemTypes.problem(HttpStatus.UNPROCESSABLE_CONTENT, ProblemTypes.IPERF3_MEASURED_NOTHING,
                Iperf3MeasuredNothing.TITLE, error.getMessage());
    }

    @ExceptionHandler(Iperf3FormatException.class)
    ProblemDetail notIperf3Output(Iperf3FormatException error) {
        return ProblemTypes.problem(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_IPERF3_OUTPUT,
                "Not iperf3 output", error.getMessage());
    }

    @ExceptionHandler(ImplausibleValueException.class)
    ProblemDetail implausible(ImplausibleValueException error) {
        return ProblemTypes.problem(HttpStatus.BAD_REQUEST, ProblemTypes.IMPLAUSIBLE_VALUE, "Implausible value",
                error.getMessage());
    }

    @ExceptionHandler(DeclaredFormat.Mismatch.class)
    ProblemDetail wrongContentType(DeclaredFormat.Mismatch error) {
        return ProblemTypes.problem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ProblemTypes.UNSUPPORTED_MEDIA_TYPE,
                "Content type does not match the output", error.getMessage());
    }

    @ExceptionHandler(ContentEncodings.Unsupported.class)
    ProblemDetail wrongEncoding(ContentEncodings.Unsupported error) {
        return ProblemTypes.problem(HttpStatus.UNSUPPORTED_MEDIA_TYPE, ProblemTypes.UNSUPPORTED_MEDIA_TYPE,
                "Content encoding not accepted", error.getMessage());
    }

    /** Nothing was stored and the same bytes may simply be sent again: 503, as while the database cannot write. */
    @ExceptionHandler(UploadInterruptedException.class)
    ResponseEntity<ProblemDetail> interrupted(UploadInterruptedException e) {
        ProblemDetail problem = ProblemTypes.problem(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.UPLOAD_INTERRUPTED,
                "Upload interrupted", "The upload could not be read to its end (the connection broke, or the "
                        + "server is stopping); nothing was stored. Send it again.");
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, "5")
                .contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }

    @ExceptionHandler(InvalidRunInputException.class)
    ProblemDetail invalidInput(InvalidRunInputException error) {
        return ProblemTypes.problem(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid input",
                error.getMessage());
    }

    @ExceptionHandler(RunLabelConflictException.class)
    ProblemDetail relabelled(RunLabelConflictException error) {
        ProblemDetail problem = ProblemTypes.problem(HttpStatus.CONFLICT, ProblemTypes.LABEL_CONFLICT,
                "Stored already with other labels", error.getMessage());
        problem.setProperty("runId", error.runId());
        problem.setProperty("run", "/api/v1/runs/" + error.runId());
        problem.setProperty("fields", error.differences().stream().map(LabelDifference::field).toList());
        problem.setProperty("differences", error.differences());
        return problem;
    }

    @ExceptionHandler(UnknownLabelException.class)
    ProblemDetail unknownLabel(UnknownLabelException error) {
        return RequestBodyProblems.unknownField(error.field(), error.known());
    }

    @ExceptionHandler(RunNotFoundException.class)
    ProblemDetail notFound(RunNotFoundException error) {
        return ProblemTypes.problem(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND, "Run not found",
                error.getMessage());
    }

    @ExceptionHandler(UploadTooLargeException.class)
    ProblemDetail tooLarge(UploadTooLargeException error) {
        return ProblemTypes.problem(HttpStatus.CONTENT_TOO_LARGE, ProblemTypes.PAYLOAD_TOO_LARGE,
                "Upload too large", error.getMessage());
    }
}
