package com.burstline.server.security;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;

/**
 * Signs a dashboard user in with an API token instead of a password: the sign-in page's token form sends no user
 * name, only the token (scripts and tests that hold a token use it). User names are never blank, so the two forms
 * cannot be mistaken for each other.
 */
class TokenLoginProvider implements AuthenticationProvider {
    private final BearerTokenFilter.Authenticator tokens;

    TokenLoginProvider(BearerTokenFilter.Authenticator tokens) {
        this.tokens = tokens;
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String name = authentication.getName();
        if (name != null && !name.isBlank()) {
            return null;
        }
        if (!(authentication.getCredentials() instanceof String token) || token.isBlank()) {
            throw new BadCredentialsException("Enter a user name and password, or a token.");
        }
        return tokens.authenticate(token.strip());
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
