package com.burstline.server.job.dispatch;

import com.burstline.contract.EnrollmentSecret;
import com.burstline.contract.LegacyCallSignature;
import com.burstline.server.fleet.AgentAddresses;
import com.burstline.server.fleet.AgentCallKeys;
import com.burstline.server.fleet.AgentTrust;
import com.burstline.server.fleet.ServerSigningKey;
import com.burstline.server.system.BurstlineProperties;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@link AgentClient}s for tests of the server's calls: a server signing key of their own (made in a temporary data
 * dir, as the server makes its own) and agents that hold it, or not.
 */
final class TestAgentClients {
    private TestAgentClients() {
    }

    static ServerSigningKey newSigningKey() {
        try {
            return new ServerSigningKey(Files.createTempDirectory("burstline-signing-key-"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every agent enrolled with a secret of its own and holds {@code signingKey}. */
    static AgentClient client(ServerSigningKey signingKey, BurstlineProperties properties) {
        return new AgentClient(new Keys(signingKey.fingerprint()), signingKey, properties, AgentAddresses.defaults(),
                AgentTrust.pinning());
    }

    static AgentClient client(ServerSigningKey signingKey) {
        return client(signingKey, new BurstlineProperties(null, null, null, "t", null, null, null));
    }

    /** Agents with a secret each; the server key they hold is what {@code held} says until a delivery. */
    static final class Keys implements AgentCallKeys {
        private final Map<String, String> secrets = new ConcurrentHashMap<>();
        private final Map<String, String> held = new ConcurrentHashMap<>();
        private final String initiallyHeld;

        /** @param initiallyHeld the fingerprint every agent holds at first; null for none */
        Keys(String initiallyHeld) {
            this.initiallyHeld = initiallyHeld;
        }

        String secretKey(String agent) {
            return secrets.computeIfAbsent(agent, a -> LegacyCallSignature.keyOf(EnrollmentSecret.generate()));
        }

        @Override
        public Optional<CallKeys> callKeys(String agentName) {
            return Optional.of(new CallKeys(secretKey(agentName), held.getOrDefault(agentName, "none")
                    .equals("none") ? initiallyHeld : held.get(agentName)));
        }

        @Override
        public void heldServerKey(String agentName, String fingerprint) {
            held.put(agentName, fingerprint);
        }
    }
}
