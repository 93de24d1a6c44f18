package com.burstline.server.security;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.web.filter.OncePerRequestFilter;

import java.io.IOException;
import java.util.function.Predicate;

/**
 * Authenticates {@code Authorization: Bearer <token>} against one token (the API token or the agent token). A request
 * without the header goes on anonymous (reads are open); a request with a wrong token is refused at once, so that a
 * typo never looks like an anonymous read.
 */
class BearerTokenFilter extends OncePerRequestFilter {
    static final String ROLE = "API";
    static final String AGENT_ROLE = "AGENT";
    private static final String PREFIX = "Bearer ";

    private final Predicate<String> token;
    private final String role;
    private final AuthenticationEntryPoint entryPoint;

    private BearerTokenFilter(Predicate<String> token, String role, AuthenticationEntryPoint entryPoint) {
        this.token = token;
        this.role = role;
        this.entryPoint = entryPoint;
    }

    static BearerTokenFilter forApi(ApiToken apiToken, AuthenticationEntryPoint entryPoint) {
        return new BearerTokenFilter(apiToken::matches, ROLE, entryPoint);
    }

    static BearerTokenFilter forAgents(AgentToken agentToken, AuthenticationEntryPoint entryPoint) {
        return new BearerTokenFilter(agentToken::matches, AGENT_ROLE, entryPoint);
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null) {
            chain.doFilter(request, response);
            return;
        }
        if (!header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())
                || !token.test(header.substring(PREFIX.length()).strip())) {
            SecurityContextHolder.clearContext();
            entryPoint.commence(request, response, new BadCredentialsException("The token is not valid."));
            return;
        }
        var authentication = UsernamePasswordAuthenticationToken.authenticated(role.toLowerCase() + "-client",
                null, AuthorityUtils.createAuthorityList("ROLE_" + role));
        var context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(authentication);
        SecurityContextHolder.setContext(context);
        chain.doFilter(request, response);
    }
}
