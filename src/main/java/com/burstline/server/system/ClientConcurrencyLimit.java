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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * At most {@code burstline.http.max-requests-per-client} requests at once from one address. A request holds one of
 * Tomcat's threads while it reads a slow body or writes to a client that does not read; without this, a few hundred
 * slow connections from one client (no account needed, e.g. to /login) held every thread and nobody else was
 * answered. Beyond the cap the answer is 429 at once, before anything is read.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class ClientConcurrencyLimit extends OncePerRequestFilter {
    private final ConcurrentMap<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
    private final int limit;

    ClientConcurrencyLimit(BurstlineProperties properties) {
        this.limit = properties.http().maxRequestsPerClient();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String client = request.getRemoteAddr();
        AtomicInteger count = inFlight.computeIfAbsent(client, address -> new AtomicInteger());
        if (count.incrementAndGet() > limit) {
            release(client, count);
            response.setHeader("Retry-After", "1");
            // closing, not keeping the connection: Tomcat would otherwise wait for the rest of a slow body
            response.setHeader("Connection", "close");
            Problems.write(response, 429, "Too many requests at once", "At most " + limit + " requests at once are "
                    + "served per client address; this one has that many open. Try again when they have finished.");
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            release(client, count);
        }
    }

    /** Async requests (event streams) hold no thread between events, so they count only while dispatched. */
    @Override
    protected boolean shouldNotFilterAsyncDispatch() {
        return false;
    }

    private void release(String client, AtomicInteger count) {
        if (count.decrementAndGet() == 0) {
            inFlight.remove(client, count);
        }
    }
}
