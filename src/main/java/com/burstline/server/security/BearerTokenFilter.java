package com.burstline.server.security;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import com.burstline.server.storage.StorageHealth;
import org.springframework.dao.DataAccessException;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.transaction.TransactionException;

import java.io.IOException;

/**
 * Authenticates {@code Authorization: Bearer <token>}. A request without the header goes on as it is (signed in by
 * its session, or anonymous); a request with a wrong, revoked or expired token is refused at once, so that a typo
 * never looks like an anonymous read. Failures count against the client's address (FailureLimiter).
 */
class BearerTokenFilter extends BearerFilter {
    private static final Logger LOG = LoggerFactory.getLogger(BearerTokenFilter.class);

    /** Turns a presented secret into who it is, or throws BadCredentialsException saying why not. */
    interface Authenticator {
        Authentication authenticate(String secret);
    }

    private final Authenticator authenticator;
    private final FailureLimiter limiter;
    private final StorageHealth storage;

    BearerTokenFilter(Authenticator authenticator, AuthenticationEntryPoint entryPoint, FailureLimiter limiter,
                      StorageHealth storage) {
        super(entryPoint);
        this.storage = storage;
        this.authenticator = authenticator;
        this.limiter = limiter;
    }

    @Override
    Authentication authenticate(String header, HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException {
        if (limiter.refuseIfLocked(request, response)) {
            return null;
        }
        try {
            if (!header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
                throw new BadCredentialsException("The Authorization header must be 'Bearer <token>'.");
            }
            return authenticator.authenticate(header.substring(PREFIX.length()).strip());
        } catch (AuthenticationException refused) {
            limiter.failed(request);
            refuse(request, response, refused);
            return null;
        } catch (DataAccessException | TransactionException unavailable) {
            LOG.warn("Storage unavailable while checking a token: {}", unavailable.getMessage());
            storage.writeFailed(); // a token check writes its last use: readiness goes DOWN as for an upload
            ProblemResponses.storageUnavailable(response, request.getRequestURI());
            return null;
        }
    }
}
