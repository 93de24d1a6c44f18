package com.burstline.server.system;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.webmvc.error.ErrorAttributes;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

import java.net.URI;

/**
 * Every error that no controller answered itself ends here: a browser gets the friendly error page, any other client
 * an RFC 9457 problem. Neither ever shows a stack trace; a 500 says only that the log has the details.
 */
@Controller
@RequestMapping("${server.error.path:/error}")
class ErrorResponses implements ErrorController {
    private static final String SERVER_FAULT = "Something went wrong on the server; its log has the details.";

    private final ErrorAttributes errorAttributes;

    ErrorResponses(ErrorAttributes errorAttributes) {
        this.errorAttributes = errorAttributes;
    }

    @RequestMapping(produces = MediaType.TEXT_HTML_VALUE)
    String page(HttpServletRequest request, HttpServletResponse response, Model model) {
        ProblemDetail problem = problemFor(request);
        // An error forwarded here has its status already; /error asked for directly does not.
        response.setStatus(problem.getStatus());
        model.addAttribute("status", problem.getStatus());
        model.addAttribute("title", problem.getTitle());
        model.addAttribute("detail", problem.getDetail());
        return "error";
    }

    @RequestMapping
    ResponseEntity<ProblemDetail> problem(HttpServletRequest request) {
        ProblemDetail problem = problemFor(request);
        return ResponseEntity.status(problem.getStatus()).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }

    private ProblemDetail problemFor(HttpServletRequest request) {
        HttpStatus status = statusOf(request);
        Throwable error = errorAttributes.getError(new ServletWebRequest(request));
        ProblemDetail problem;
        // Spring's own 404 wording ("No static resource ...") speaks of its internals; ours names the address.
        if (error instanceof ErrorResponse known && !status.is5xxServerError() && status != HttpStatus.NOT_FOUND) {
            problem = known.getBody();
        } else if (error instanceof MethodArgumentTypeMismatchException mismatch) {
            problem = ProblemDetail.forStatusAndDetail(status, "'" + mismatch.getValue() + "' is not a valid value "
                    + "for " + mismatch.getName() + ".");
        } else {
            String detail = status.is5xxServerError() ? SERVER_FAULT : defaultDetail(status, request);
            problem = ProblemDetail.forStatusAndDetail(status, detail);
        }
        problem.setType(typeFor(status));
        problem.setTitle(status.getReasonPhrase());
        Object path = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        if (path instanceof String uri) {
            problem.setInstance(URI.create(uri));
        }
        if (status == HttpStatus.UNSUPPORTED_MEDIA_TYPE) {
            problem.setDetail(problem.getDetail() + " Upload iperf3 output as application/json (-J) or "
                    + "application/x-ndjson (--json-stream), e.g. curl --data-binary @run.json "
                    + "-H 'Content-Type: application/json'.");
        }
        return problem;
    }

    private static String defaultDetail(HttpStatus status, HttpServletRequest request) {
        if (status == HttpStatus.NOT_FOUND) {
            Object path = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
            return "There is nothing at " + (path == null ? request.getRequestURI() : path) + ".";
        }
        return status.getReasonPhrase() + ".";
    }

    /** The container names the status of every error it forwards here; a request without one asked for /error. */
    private static HttpStatus statusOf(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        if (code == null && request.getDispatcherType() == DispatcherType.REQUEST) {
            return HttpStatus.NOT_FOUND;
        }
        HttpStatus status = code instanceof Integer value ? HttpStatus.resolve(value) : null;
        return status == null ? HttpStatus.INTERNAL_SERVER_ERROR : status;
    }

    private static URI typeFor(HttpStatus status) {
        return switch (status) {
            case NOT_FOUND -> ProblemTypes.NOT_FOUND;
            case UNSUPPORTED_MEDIA_TYPE -> ProblemTypes.UNSUPPORTED_MEDIA_TYPE;
            case CONTENT_TOO_LARGE -> ProblemTypes.PAYLOAD_TOO_LARGE;
            case UNAUTHORIZED -> ProblemTypes.UNAUTHORIZED;
            case FORBIDDEN -> ProblemTypes.FORBIDDEN;
            case BAD_REQUEST -> ProblemTypes.INVALID_INPUT;
            default -> status.is5xxServerError() ? ProblemTypes.INTERNAL : ProblemTypes.HTTP_ERROR;
        };
    }
}
