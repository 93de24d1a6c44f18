package com.burstline.server.security;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Signing in with a user name and password. The session it opens carries a {@link SessionGrant} stamped with the
 * user's role and password hash as they were at sign-in, so that changing either ends the session.
 */
class PasswordSignIn extends DaoAuthenticationProvider {

    PasswordSignIn(UserAccounts users, PasswordEncoder passwords) {
        super(users);
        setPasswordEncoder(passwords);
    }

    /** No stored password is longer than bcrypt's limit, so a longer one is wrong without asking bcrypt. */
    @Override
    public Authentication authenticate(Authentication authentication) {
        if (authentication.getCredentials() instanceof String password && Passwords.tooLong(password)) {
            throw new BadCredentialsException("Bad credentials");
        }
        return super.authenticate(authentication);
    }

    @Override
    protected Authentication createSuccessAuthentication(Object principal, Authentication authentication,
                                                         UserDetails user) {
        var result = (AbstractAuthenticationToken) super.createSuccessAuthentication(principal, authentication, user);
        String authority = user.getAuthorities().iterator().next().getAuthority();
        result.setDetails(SessionGrant.user(user.getUsername(), authority, user.getPassword()));
        return result;
    }
}
