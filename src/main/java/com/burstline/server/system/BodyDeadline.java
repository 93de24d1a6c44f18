package com.burstline.server.system;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Every request body must have arrived within {@code burstline.http.body-timeout} of the request's start (60 s):
 * a body trickled a byte every few seconds, which no per-read timeout ends, held a request thread for as long as its
 * sender liked. Whoever reads the body reads it through a {@link DeadlineInputStream} (a form's body is read by
 * {@link FormBodyReader}, through the same stream); a body that misses its deadline ends its request: 408 when
 * nothing was answered yet, the connection closed, the thread free.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 2)
class BodyDeadline extends OncePerRequestFilter {
    private final Duration timeout;

    BodyDeadline(BurstlineProperties properties) {
        this.timeout = properties.http().bodyTimeout();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!hasBody(request)) {
            chain.doFilter(request, response);
            return;
        }
        DeadlineInputStream body = new DeadlineInputStream(request.getInputStream(),
                System.nanoTime() + timeout.toNanos(), timeout.toSeconds() + " s (burstline.http.body-timeout)");
        try {
            chain.doFilter(deadlined(request, body), response);
        } catch (DeadlineInputStream.Expired late) {
            if (!response.isCommitted()) {
                response.reset();
                response.setHeader("Connection", "close");
                Problems.write(response, 408, "Request body too slow", late.getMessage() + "; nothing of it was used.");
            }
        } finally {
            if (body.expired() && !response.isCommitted()) {
                response.setHeader("Connection", "close");
            }
        }
    }

    static boolean hasBody(HttpServletRequest request) {
        return request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
    }

    private static HttpServletRequest deadlined(HttpServletRequest request, DeadlineInputStream body) {
        return new HttpServletRequestWrapper(request) {
            @Override
            public ServletInputStream getInputStream() {
                return body;
            }

            @Override
            public BufferedReader getReader() {
                String encoding = getCharacterEncoding();
                return new BufferedReader(new InputStreamReader(body, encoding == null ? StandardCharsets.UTF_8
                        : Charset.forName(encoding)));
            }
        };
    }
}
