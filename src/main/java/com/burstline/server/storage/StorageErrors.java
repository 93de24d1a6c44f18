package com.burstline.server.storage;

import com.burstline.server.system.ProblemTypes;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.TransactionException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

import java.util.Set;

/**
 * A database that cannot do its part (disk full, server stopped, connection lost) answers 503 with Retry-After: the
 * request may well succeed later and nothing of it was stored. Constraint violations are not storage failures and
 * stay with the feature that caused them. Only a failed write turns readiness DOWN: a read that failed (a query the
 * database refused, a lost connection the health probe sees by itself) must not let any viewer take the service out
 * of its load balancer.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE - 10)
class StorageErrors {
    private static final Logger LOG = LoggerFactory.getLogger(StorageErrors.class);
    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");

    private final StorageHealth health;

    StorageErrors(StorageHealth health) {
        this.health = health;
    }

    @ExceptionHandler({DataAccessException.class, TransactionException.class, StorageFullException.class})
    ResponseEntity<ProblemDetail> storageUnavailable(RuntimeException error, HttpServletRequest request) {
        if (error instanceof DataIntegrityViolationException) {
            throw error;
        }
        LOG.warn("Storage unavailable: {}", error.getMessage());
        if (!READS.contains(request.getMethod())) {
            health.writeFailed();
        }
        ProblemDetail problem = ProblemTypes.problem(HttpStatus.SERVICE_UNAVAILABLE, ProblemTypes.STORAGE_UNAVAILABLE,
                "Storage unavailable", "The database cannot store or read this right now (disk full or database "
                        + "unreachable); nothing of this request was stored. Try again later.");
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, "10")
                .contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }
}
