package com.burstline.server.errors;

import com.burstline.server.storage.StorageHealth;
import com.burstline.server.system.ErrorPages;
import com.burstline.server.system.RequestBodyExample;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ResponseBody;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.ModelAndView;

import java.util.Optional;
import java.util.Set;

/**
 * Answers every exception {@link ErrorTable} has a row for: a problem detail to the API, the error page to a page.
 * Anything else goes on to Spring's defaults and then to /error, which never shows a stack trace either.
 */
@ControllerAdvice
class ErrorAnswers {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorAnswers.class);
    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");
    private static final String DEFAULT_EXAMPLE = "The body must be a JSON object with the fields the API docs "
            + "(/swagger-ui.html) list.";

    private final StorageHealth health;

    ErrorAnswers(StorageHealth health) {
        this.health = health;
    }

    @ExceptionHandler(Exception.class)
    Object answer(Exception error, HttpServletRequest request, HttpServletResponse response) throws Exception {
        Optional<ErrorTable.Match> found = ErrorTable.find(error);
        if (found.isEmpty()) {
            throw error;
        }
        ErrorTable.Match match = found.get();
        Row row = match.row();
        if (row.isStorage()) {
            LOG.warn("Storage unavailable: {}", error.getMessage());
            if (!READS.contains(request.getMethod())) {
                health.writeFailed();
            }
        }
        Class<?> controller = controllerOf(request);
        ProblemDetail problem = match.problem(bodyExample(controller));
        if (row.retryAfterSeconds() > 0) {
            response.setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(row.retryAfterSeconds()));
        }
        if (controller != null && !AnnotatedElementUtils.hasAnnotation(controller, ResponseBody.class)) {
            return page(row, problem, request);
        }
        return ResponseEntity.status(row.status()).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }

    private static ModelAndView page(Row row, ProblemDetail problem, HttpServletRequest request) {
        return ErrorPages.page(row.status(), row.title(), problem.getDetail(), request.getUserPrincipal() != null);
    }

    private static Class<?> controllerOf(HttpServletRequest request) {
        Object handler = request.getAttribute(HandlerMapping.BEST_MATCHING_HANDLER_ATTRIBUTE);
        return handler instanceof HandlerMethod method ? method.getBeanType() : null;
    }

    private static String bodyExample(Class<?> controller) {
        RequestBodyExample example = controller == null ? null
                : AnnotatedElementUtils.findMergedAnnotation(controller, RequestBodyExample.class);
        return example == null ? DEFAULT_EXAMPLE : example.value();
    }
}
