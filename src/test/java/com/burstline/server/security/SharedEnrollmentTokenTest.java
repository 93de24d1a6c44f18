package com.burstline.server.security;

import com.burstline.server.system.SecretTokens;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shared enrollment token is off unless chosen: no burstline.agent-token and no data/agent-token means no token
 * at all (and none is generated); the property, or the file an earlier version generated, turns it on.
 */
class SharedEnrollmentTokenTest {
    @TempDir
    Path dataDir;

    private AgentToken resolve(String configured) {
        return AgentToken.of(SecretTokens.configuredOrKept(configured, dataDir, "agent-token"),
                dataDir.resolve("agent-token"));
    }

    @Test
    void withoutPropertyOrFileThereIsNoSharedTokenAndNoneIsGenerated() {
        AgentToken token = resolve(null);

        assertThat(token.matches("")).isFalse();
        assertThat(token.matches(null)).isFalse();
        assertThat(token.matches("anything-at-all-0123456789")).isFalse();
        assertThat(dataDir.resolve("agent-token")).doesNotExist();
    }

    @Test
    void theFileAnEarlierVersionGeneratedKeepsItOnAfterAnUpgrade() throws Exception {
        Files.writeString(dataDir.resolve("agent-token"), "kept-from-before-0123456789\n");

        assertThat(resolve("  ").matches("kept-from-before-0123456789")).isTrue();
        assertThat(resolve(null).matches("other-token-0123456789")).isFalse();
    }

    @Test
    void thePropertyTurnsItOnAndWinsOverTheFile() throws Exception {
        Files.writeString(dataDir.resolve("agent-token"), "kept-from-before-0123456789\n");

        AgentToken token = resolve("configured-token-0123456789");

        assertThat(token.matches("configured-token-0123456789")).isTrue();
        assertThat(token.matches("kept-from-before-0123456789")).isFalse();
    }
}
