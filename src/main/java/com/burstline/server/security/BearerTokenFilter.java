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

/**
 * Authenticates {@code Authorization: Bearer <api token>}. A request without the header goes on anonymous (reads are
 * open); a request with a wrong token is refused at once, so that a typo never looks like an anonymous read.
 */
class BearerTokenFilter extends OncePerRequestFilter {
    static final String ROLE = "API";
    private static final String PREFIX = "Bearer ";

    private final ApiToken apiToken;
    private final AuthenticationEntryPoint entryPoint;

    BearerTokenFilter(ApiToken apiToken, AuthenticationEntryPoint entryPoint) {
        this.apiToken = apiToken;
        this.entryPoint = entryPoint;
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
                || !apiToken.matches(header.substring(PREFIX.length()).strip())) {
            SecurityContextHolder.clearContext();
            entryPoint.commence(request, response, new BadCredentialsException("The API token is not valid."));
            return;
        }
        var authentication = UsernamePasswordAuthenticationToken.authenticated("api-client", null,
                AuthorityUtils.createAuthorityList("ROLE_" + ROLE));
        var context = SecurityContextHolder.createEmptyContext();
        context.setAuthentication(authentication);
        SecurityContextHolder.setContext(context);
        chain.doFilter(request, response);
    }
}
