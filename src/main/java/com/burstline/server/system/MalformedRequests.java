package com.burstline.server.system;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.Locale;

/**
 * Refuses with a 400 problem, before anything parses them, the requests whose parsing failed deep inside the
 * container with a 500 and a stack trace in the log: a query string with a bad %-escape, and a
 * {@code multipart/*} body anywhere but the upload page, the only place that takes one (an anonymous
 * {@code GET /actuator/health} with {@code Content-Type: multipart/form-data} was a 500). Nothing of the body is read.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class MalformedRequests extends OncePerRequestFilter {
    /** The upload page's form, which posts its files as multipart/form-data. */
    static final String MULTIPART_PATH = "/upload";

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String badQuery = QueryEncoding.problem(request.getQueryString());
        if (badQuery != null) {
            refuse(response, "The query string cannot be decoded: " + badQuery + ".");
            return;
        }
        String type = request.getContentType();
        if (type != null && type.strip().toLowerCase(Locale.ROOT).startsWith("multipart/") && !takesMultipart(request)) {
            refuse(response, "Only the upload page (POST " + MULTIPART_PATH + ") takes a multipart body; this "
                    + "request's Content-Type is " + type.strip() + ". The API takes JSON.");
            return;
        }
        chain.doFilter(request, response);
    }

    private static boolean takesMultipart(HttpServletRequest request) {
        return "POST".equals(request.getMethod())
                && MULTIPART_PATH.equals(request.getRequestURI().substring(request.getContextPath().length()));
    }

    /** The body is not read: the connection closes rather than waiting for it. */
    private static void refuse(HttpServletResponse response, String detail) throws IOException {
        response.setHeader("Connection", "close");
        Problems.write(response, 400, "Malformed request", detail);
    }
}
