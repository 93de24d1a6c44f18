package com.burstline.server.fleet;

import com.burstline.server.security.JoinTokenRefusedException;
import com.burstline.server.system.ProblemTypes;
import com.burstline.server.system.RequestBodyProblems;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** The agent API's failures as RFC 9457 problem details. */
@RestControllerAdvice(assignableTypes = {AgentApiController.class, JoinTokenApiController.class})
@Order(Ordered.HIGHEST_PRECEDENCE)
class AgentApiErrors {

    @ExceptionHandler(InvalidAgentException.class)
    ProblemDetail invalid(InvalidAgentException error) {
        return ProblemTypes.problem(HttpStatus.BAD_REQUEST, ProblemTypes.INVALID_INPUT, "Invalid agent",
                error.getMessage());
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ProblemDetail unreadable(HttpMessageNotReadableException error) {
        return RequestBodyProblems.unreadable(error, "The body must be JSON as docs/agent-protocol.md describes it.");
    }

    @ExceptionHandler(AgentNameTakenException.class)
    ProblemDetail taken(AgentNameTakenException error) {
        return ProblemTypes.problem(HttpStatus.CONFLICT, ProblemTypes.AGENT_NAME_TAKEN, "Agent name taken", error.getMessage());
    }

    @ExceptionHandler(CertificateMovedException.class)
    ProblemDetail moved(CertificateMovedException error) {
        return ProblemTypes.problem(HttpStatus.CONFLICT, ProblemTypes.CERTIFICATE_MOVED, "Agent certificate changed "
                + "again", error.getMessage());
    }

    @ExceptionHandler(NotThisAgentException.class)
    ProblemDetail notThisAgent(NotThisAgentException error) {
        return ProblemTypes.problem(HttpStatus.FORBIDDEN, ProblemTypes.FORBIDDEN, "Not this agent",
                error.getMessage());
    }

    /** The join token was used, revoked or expired between the security check and the enrollment's transaction. */
    @ExceptionHandler(JoinTokenRefusedException.class)
    ProblemDetail joinTokenRefused(JoinTokenRefusedException error) {
        return ProblemTypes.problem(HttpStatus.UNAUTHORIZED, ProblemTypes.UNAUTHORIZED, "Join token refused",
                error.getMessage());
    }

    @ExceptionHandler(JoinTokenNotFoundException.class)
    ProblemDetail joinTokenNotFound(JoinTokenNotFoundException error) {
        return ProblemTypes.problem(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND, "Join token not found",
                error.getMessage());
    }

    @ExceptionHandler(AgentNotFoundException.class)
    ProblemDetail notFound(AgentNotFoundException error) {
        return ProblemTypes.problem(HttpStatus.NOT_FOUND, ProblemTypes.NOT_FOUND, "Agent not found",
                error.getMessage());
    }
}
