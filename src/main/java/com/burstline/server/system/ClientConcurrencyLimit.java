package com.burstline.server.system;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * At most {@code burstline.http.max-requests-per-client} requests at once from one address, and, once the requests
 * in flight hold more than {@code burstline.http.busy-share} percent of the server's threads, each address only its
 * fair part of that share. A request holds one of Tomcat's threads while it reads a slow body or writes to a client
 * that does not read: without the first cap a few hundred slow connections from one client (no account needed, e.g.
 * to /login) held every thread; without the second, 8 addresses × 30 did. An address with fewer requests in flight
 * than its part (a fresh client) is always served. Beyond either cap the answer is 429 at once, before anything is
 * read. Slow bodies end at their deadline too ({@link BodyDeadline}).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class ClientConcurrencyLimit extends OncePerRequestFilter {
    private final ConcurrentMap<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
    private final AtomicInteger total = new AtomicInteger();
    private final int limit;
    private final int busy;

    ClientConcurrencyLimit(BurstlineProperties properties, @Value("${server.tomcat.threads.max:200}") int threads) {
        this.limit = properties.http().maxRequestsPerClient();
        this.busy = Math.max(1, threads * properties.http().busyShare() / 100);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String client = request.getRemoteAddr();
        AtomicInteger count = inFlight.computeIfAbsent(client, address -> new AtomicInteger());
        int mine = count.incrementAndGet();
        int all = total.incrementAndGet();
        int fairPart = Math.max(1, busy / Math.max(1, inFlight.size()));
        if (mine > limit || (all > busy && mine > fairPart)) {
            release(client, count);
            response.setHeader("Retry-After", "1");
            // closing, not keeping the connection: Tomcat would otherwise wait for the rest of a slow body
            response.setHeader("Connection", "close");
            Problems.write(response, 429, "Too many requests at once", mine > limit ? "At most " + limit
                    + " requests at once are served per client address; this one has that many open. Try again "
                    + "when they have finished." : "The server is busy: each client address gets its part of its "
                    + "threads, " + fairPart + " requests at once now, and this one has that many open. Try again "
                    + "when they have finished.");
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
        total.decrementAndGet();
        if (count.decrementAndGet() == 0) {
            inFlight.remove(client, count);
        }
    }
}
