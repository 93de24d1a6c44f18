package com.burstline.server.security;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.SimpleUrlAuthenticationFailureHandler;

import java.io.IOException;

/** A failed sign-in counts against the client's address and the account, then shows the form with the error. */
class SignInFailureHandler extends SimpleUrlAuthenticationFailureHandler {
    private final FailureLimiter limiter;

    SignInFailureHandler(FailureLimiter limiter) {
        super("/login?error");
        this.limiter = limiter;
    }

    @Override
    public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
                                        AuthenticationException exception) throws IOException, ServletException {
        limiter.failed(request);
        limiter.failedAccount(request.getParameter("username"));
        super.onAuthenticationFailure(request, response, exception);
    }
}
