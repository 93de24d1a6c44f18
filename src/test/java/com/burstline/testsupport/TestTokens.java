package com.burstline.testsupport;

/** The credentials every {@link BurstlineTest} server is configured with. */
public final class TestTokens {
    /** The bootstrap API token: an admin's, as {@code burstline.api-token} configures it. */
    public static final String API = "test-api-token-0123456789";
    /** The shared enrollment token agents may register with, as {@code burstline.agent-token} configures it. */
    public static final String AGENT = "test-agent-token-0123456789";

    private TestTokens() {
    }
}
