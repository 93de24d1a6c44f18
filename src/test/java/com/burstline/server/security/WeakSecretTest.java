package com.burstline.server.security;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A short bootstrap token stops start-up with a message that says what to set, not a stack trace. */
class WeakSecretTest {

    @Test
    void aTokenShorterThan16CharactersIsRefusedWithWhatToDo() {
        assertThatThrownBy(() -> new ApiToken("abc", "burstline.api-token"))
                .isInstanceOf(WeakSecretException.class)
                .hasMessage("burstline.api-token must be at least 16 characters; it has 3.");
        var analysis = new WeakSecretFailureAnalyzer().analyze(new WeakSecretException("burstline.api-token", 16, 3));
        assertThat(analysis.getAction()).contains("Set burstline.api-token to a random value of at least 16");
        assertThat(new ApiToken("0123456789abcdef", "burstline.api-token").sha256())
                .isEqualTo(TokenSecrets.sha256("0123456789abcdef"));
    }
}
