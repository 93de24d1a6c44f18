package com.burstline.server.system;

import jakarta.servlet.FilterChain;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Set;

/**
 * Every request body is held to {@code burstline.http.max-body-size} (1 MiB), except the ones that carry iperf3
 * output, which keep {@code burstline.max-upload-size}: a 200 MB agent registration ran the server out of memory.
 * A declared length over the limit is refused before reading; a body without one (chunked) is read up to the
 * limit and no further. Either way the answer is 413.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 3)
class RequestBodyLimit extends OncePerRequestFilter {
    private static final Set<String> IPERF3_OUTPUT = Set.of("/api/v1/runs", "/upload");

    private final long limit;
    private final long uploadLimit;

    RequestBodyLimit(BurstlineProperties properties) {
        this.limit = properties.http().maxBodySize().toBytes();
        this.uploadLimit = Math.max(properties.maxUploadSize().toBytes(), limit);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long allowed = carriesIperf3Output(request) ? uploadLimit : limit;
        if (request.getContentLengthLong() > allowed) {
            tooLarge(request, response, allowed);
            return;
        }
        if (request.getContentLengthLong() >= 0 || !hasBody(request) || allowed == uploadLimit) {
            chain.doFilter(request, response); // the upload endpoints bound chunked bodies themselves
            return;
        }
        byte[] body = readAtMost(request.getInputStream(), allowed);
        if (body == null) {
            tooLarge(request, response, allowed);
            return;
        }
        chain.doFilter(new BufferedBodyRequest(request, body), response);
    }

    static boolean carriesIperf3Output(HttpServletRequest request) {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        return IPERF3_OUTPUT.contains(path) || path.matches("/api/v1/agents/[^/]+/results");
    }

    private static boolean hasBody(HttpServletRequest request) {
        return request.getHeader("Transfer-Encoding") != null;
    }

    private static byte[] readAtMost(InputStream in, long limit) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        int read;
        while ((read = in.read(buffer)) != -1) {
            if (body.size() + read > limit) {
                return null;
            }
            body.write(buffer, 0, read);
        }
        return body.toByteArray();
    }

    /**
     * The API answers a problem here; a page's form (the upload page) goes the way of every other error, so that a
     * browser gets the readable error page and the problem's words on it.
     */
    static void tooLarge(HttpServletRequest request, HttpServletResponse response, long allowed)
            throws IOException {
        response.setHeader("Connection", "close");
        String detail = "This request's body is larger than the " + allowed + " bytes allowed here "
                + "(burstline.http.max-body-size; iperf3 output: burstline.max-upload-size).";
        if (request.getRequestURI().startsWith(request.getContextPath() + "/api/")) {
            Problems.write(response, 413, "Request body too large", detail);
            return;
        }
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONTENT_TOO_LARGE, detail);
        problem.setTitle("Request body too large");
        request.setAttribute(RequestDispatcher.ERROR_EXCEPTION,
                new ErrorResponseException(HttpStatus.CONTENT_TOO_LARGE, problem, null));
        response.sendError(HttpStatus.CONTENT_TOO_LARGE.value());
    }
}
