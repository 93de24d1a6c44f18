package com.burstline.server.security;

import com.burstline.contract.AddressRange;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Limits failed sign-ins and wrong bearer tokens per client address, and failed sign-ins per account: after
 * {@code maxFailures} within {@code window}, the address (or the account's password sign-in) is refused with
 * {@code 429} and {@code Retry-After} until the window has passed since the lock-out. An address behind one of
 * {@code burstline.security.trusted-proxies} is the one the proxy names last in {@code X-Forwarded-For}; from anyone
 * else that header is ignored, so a client can neither rotate it to escape nor forge it to lock another out. The
 * lock-out is logged once, not per refused request, so a guessing client cannot flood the log either.
 */
class FailureLimiter {
    private static final Logger log = LoggerFactory.getLogger(FailureLimiter.class);
    private static final int PRUNE_ABOVE = 10_000;

    private final int maxFailures;
    private final Duration window;
    private final Clock clock;
    private final List<AddressRange> trustedProxies;
    private final Map<String, Failures> byKey = new ConcurrentHashMap<>();

    FailureLimiter(int maxFailures, Duration window, Clock clock, List<AddressRange> trustedProxies) {
        this.maxFailures = maxFailures;
        this.window = window;
        this.clock = clock;
        this.trustedProxies = List.copyOf(trustedProxies);
    }

    /** Failures of one key in the current window; lockedUntil is set once the limit is reached. */
    private record Failures(Instant windowStart, int count, Instant lockedUntil) {
    }

    void failed(HttpServletRequest request) {
        count("address " + clientAddress(request));
    }

    /** A failure counted against another claimant than an address or an account: an agent's identity. */
    void failed(String key) {
        count(key);
    }

    /** Answers 429 and returns true while {@code key} is locked out; {@code who} names it in the answer. */
    boolean refuseIfLocked(String key, String who, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        return refuse(lockedFor(key), who, request, response);
    }

    /** A failed password sign-in also counts against the account it named. */
    void failedAccount(String username) {
        if (username != null && !username.isBlank()) {
            count("account " + username.strip().toLowerCase(Locale.ROOT));
        }
    }

    /** Answers 429 and returns true while the client's address is locked out. */
    boolean refuseIfLocked(HttpServletRequest request, HttpServletResponse response) throws IOException {
        return refuse(lockedFor("address " + clientAddress(request)), "your address", request, response);
    }

    /** Answers 429 and returns true while password sign-ins to this account are locked out. */
    boolean refuseIfAccountLocked(String username, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        if (username == null || username.isBlank()) {
            return false;
        }
        return refuse(lockedFor("account " + username.strip().toLowerCase(Locale.ROOT)), "this account",
                request, response);
    }

    /**
     * For a check made inside a controller (the API's password change): the seconds until the address or the account
     * may try again, or null while neither is locked out.
     */
    Long lockedFor(HttpServletRequest request, String username) {
        Long address = lockedFor("address " + clientAddress(request));
        Long account = username == null ? null : lockedFor("account " + username.strip().toLowerCase(Locale.ROOT));
        if (address == null || account == null) {
            return address == null ? account : address;
        }
        return Long.valueOf(Math.max(address, account));
    }

    /** The client: the socket's peer, or behind a trusted proxy the last address the proxies did not add. */
    String clientAddress(HttpServletRequest request) {
        String peer = request.getRemoteAddr();
        String forwarded = request.getHeader("X-Forwarded-For");
        if (forwarded == null || !trusted(peer)) {
            return peer;
        }
        String[] hops = forwarded.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            String hop = hops[i].strip();
            if (!hop.isEmpty() && !trusted(hop)) {
                return hop;
            }
        }
        return peer;
    }

    private boolean trusted(String address) {
        if (trustedProxies.isEmpty() || !address.matches("[0-9a-fA-F:.]+")) {
            return false;
        }
        try {
            InetAddress parsed = InetAddress.getByName(address);
            return trustedProxies.stream().anyMatch(range -> range.contains(parsed));
        } catch (UnknownHostException notAnAddress) {
            return false;
        }
    }

    private void count(String key) {
        Instant now = clock.instant();
        Failures after = byKey.compute(key, (k, before) -> {
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
            log.warn("Client {} locked out until {} after {} failed sign-ins or wrong tokens", key,
                    after.lockedUntil(), maxFailures);
        }
        if (byKey.size() > PRUNE_ABOVE) {
            byKey.values().removeIf(entry -> entry.windowStart().plus(window.multipliedBy(2)).isBefore(now));
        }
    }

    private boolean refuse(Long seconds, String who, HttpServletRequest request, HttpServletResponse response)
            throws IOException {
        if (seconds == null) {
            return false;
        }
        response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(seconds));
        ProblemResponses.write(response, HttpStatus.TOO_MANY_REQUESTS, ProblemResponses.TOO_MANY,
                "Too many failed sign-ins or wrong tokens from " + who + "; try again in " + seconds + " s.",
                request.getRequestURI());
        return true;
    }

    private Long lockedFor(String key) {
        Failures failures = byKey.get(key);
        Instant now = clock.instant();
        if (failures == null || failures.lockedUntil() == null) {
            return null;
        }
        if (!failures.lockedUntil().isAfter(now)) {
            byKey.remove(key, failures);
            return null;
        }
        return Math.max(1, Duration.between(now, failures.lockedUntil()).toSeconds() + 1);
    }
}
