package com.burstline.server.security;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns a too-short token into Spring Boot's plain "APPLICATION FAILED TO START" message, without a stack trace. */
class WeakSecretFailureAnalyzer extends AbstractFailureAnalyzer<WeakSecretException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, WeakSecretException cause) {
        return new FailureAnalysis(cause.getMessage(),
                "Set " + cause.property + " to a random value of at least " + cause.minimum + " characters (for "
                        + "example the output of 'openssl rand -base64 32'), or leave it unset and the server "
                        + "generates one into its data dir.", cause);
    }
}
