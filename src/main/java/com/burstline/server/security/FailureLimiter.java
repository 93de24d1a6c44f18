package com.burstline.server.security;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Limits failed sign-ins and wrong bearer tokens per client address: after {@code maxFailures} within
 * {@code window}, the address is refused with {@code 429} and {@code Retry-After} until the window has passed
 * since the lock-out. The lock-out is logged once, not per refused request, so a guessing client cannot flood the
 * log either.
 */
class FailureLimiter {
    private static final Logger log = LoggerFactory.getLogger(FailureLimiter.class);
    private static final int PRUNE_ABOVE = 10_000;

    private final int maxFailures;
    private final Duration window;
    private final Clock clock;
    private final Map<String, Failures> byAddress = new ConcurrentHashMap<>();

    FailureLimiter(int maxFailures, Duration window, Clock clock) {
        this.maxFailures = maxFailures;
        this.window = window;
        this.clock = clock;
    }

    /** Failures of one address in the current window; lockedUntil is set once the limit is reached. */
    private record Failures(Instant windowStart, int count, Instant lockedUntil) {
    }

    void failed(HttpServletRequest request) {
        String address = request.getRemoteAddr();
        Instant now = clock.instant();
        Failures after = byAddress.compute(address, (key, before) -> {
            if (before == null || (before.lockedUntil() == null
                    && before.windowStart().plus(window).isBefore(now))) {
                return new Failures(now, 1, null);
            }
            int count = before.count() + 1;
            Instant locked = before.lockedUntil() != null ? before.lockedUntil()
                    : count >= maxFailures ? now.plus(window) : null;
            return new Failures(before.windowStart(), count, locked);
        });
        if (after.lockedUntil() != null && after.count() == maxFailures) {
            log.warn("Client {} locked out until {} after {} failed sign-ins or wrong tokens", address,
                    after.lockedUntil(), maxFailures);
        }
        if (byAddress.size() > PRUNE_ABOVE) {
            byAddress.values().removeIf(entry -> entry.windowStart().plus(window.multipliedBy(2)).isBefore(now));
        }
    }

    /** Answers 429 and returns true while the client's address is locked out. */
    boolean refuseIfLocked(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Long seconds = lockedFor(request.getRemoteAddr());
        if (seconds == null) {
            return false;
        }
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        ProblemResponses.write(response, HttpStatus.TOO_MANY_REQUESTS, ProblemResponses.TOO_MANY,
                "Too many failed sign-ins or wrong tokens from your address; try again in " + seconds + " s.",
                request.getRequestURI());
        return true;
    }

    private Long lockedFor(String address) {
        Failures failures = byAddress.get(address);
        Instant now = clock.instant();
        if (failures == null || failures.lockedUntil() == null) {
            return null;
        }
        if (!failures.lockedUntil().isAfter(now)) {
            byAddress.remove(address, failures);
            return null;
        }
        return Math.max(1, Duration.between(now, failures.lockedUntil()).toSeconds() + 1);
    }
}
