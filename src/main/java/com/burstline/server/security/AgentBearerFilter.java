package com.burstline.server.security;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.web.AuthenticationEntryPoint;

import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Authenticates the agent calls: an enrolled agent by its own secret, a host enrolling by a join token or the shared
 * enrollment token. Failures count against the identity a call claims, not against its address: the agent its path
 * names ({@code /api/v1/agents/NAME/...}), or for an enrollment the enrolling address. Agents share addresses (NAT,
 * one host, a lab), so wrong secrets from one of them lock out no other agent there. A secret of 256 random bits
 * (an agent's own, a join token) is checked first and never refused by a lock-out: there is nothing to guess. The
 * shared enrollment token, the one secret a person may choose, is refused while its claimant is locked out, before
 * it is compared, so a lock-out stops guessing it.
 */
class AgentBearerFilter extends BearerFilter {
    private static final Pattern AGENT_PATH = Pattern.compile("/api/v1/agents/([^/]+)/.+");

    private final AgentToken enrollmentToken;
    private final AgentSecrets agents;
    private final JoinTokens joinTokens;
    private final FailureLimiter limiter;

    AgentBearerFilter(AgentToken enrollmentToken, AgentSecrets agents, JoinTokens joinTokens,
                      AuthenticationEntryPoint entryPoint, FailureLimiter limiter) {
        super(entryPoint);
        this.enrollmentToken = enrollmentToken;
        this.agents = agents;
        this.joinTokens = joinTokens;
        this.limiter = limiter;
    }

    @Override
    Authentication authenticate(String header, HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException {
        String claimant = claimant(request);
        try {
            String secret = header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())
                    ? header.substring(PREFIX.length()).strip() : "";
            Authentication authentication = unguessable(secret);
            if (authentication == null) {
                if (limiter.refuseIfLocked(claimant, claimantInWords(claimant), request, response)) {
                    return null;
                }
                authentication = enrollment(secret);
            }
            return authentication;
        } catch (AuthenticationException refused) {
            limiter.failed(claimant);
            refuse(request, response, refused);
            return null;
        }
    }

    /** An enrolled agent's own secret or a join token; null for anything else. */
    private Authentication unguessable(String secret) {
        if (JoinTokens.looksLikeJoinToken(secret)) {
            return UsernamePasswordAuthenticationToken.authenticated(joinTokens.check(secret), null,
                    AuthorityUtils.createAuthorityList(AgentIdentity.ENROLLMENT_AUTHORITY));
        }
        return agents.agentWithSecretHash(TokenSecrets.sha256(secret))
                .map(name -> TokenAuthenticators.authenticated(name, AgentIdentity.AGENT_AUTHORITY)).orElse(null);
    }

    private Authentication enrollment(String secret) {
        if (enrollmentToken.matches(secret)) {
            return TokenAuthenticators.authenticated(AgentIdentity.ENROLLMENT_PRINCIPAL,
                    AgentIdentity.ENROLLMENT_AUTHORITY);
        }
        throw new BadCredentialsException("Neither a join token, the agent token (the shared enrollment token) nor "
                + "the secret of an enrolled agent: an agent enrolls with a join token (Add an agent, on the Agents "
                + "page) and then uses the secret the server answered.");
    }

    /** The agent the path names, or the address an enrollment comes from. */
    private String claimant(HttpServletRequest request) {
        Matcher agent = AGENT_PATH.matcher(request.getRequestURI().substring(request.getContextPath().length()));
        return agent.matches() ? "agent " + agent.group(1) : "enrollment from " + limiter.clientAddress(request);
    }

    private static String claimantInWords(String claimant) {
        return claimant.startsWith("agent ") ? claimant : "your address";
    }
}
