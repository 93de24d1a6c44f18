package com.burstline.server.security;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;

/** Signs a dashboard user in when the password field holds the API token; there are no user accounts (yet). */
class TokenLoginProvider implements AuthenticationProvider {
    private final ApiToken apiToken;

    TokenLoginProvider(ApiToken apiToken) {
        this.apiToken = apiToken;
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        Object credentials = authentication.getCredentials();
        if (!(credentials instanceof String token) || !apiToken.matches(token.strip())) {
            throw new BadCredentialsException("That is not this server's API token.");
        }
        return UsernamePasswordAuthenticationToken.authenticated("dashboard", null,
                AuthorityUtils.createAuthorityList("ROLE_" + BearerTokenFilter.ROLE));
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
