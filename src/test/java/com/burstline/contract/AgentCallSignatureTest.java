package com.burstline.contract;

import com.burstline.server.security.TokenSecrets;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PrivateKey;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server→agent signature (protocol v2): what it binds, and each call the agent's verifier refuses, including every
 * call signed the v1 way with the key of the agent's secret, except the one delivery of the server's key.
 */
class AgentCallSignatureTest {
    private static final Instant NOW = Instant.parse("2026-12-02T18:00:00Z");
    private static final KeyPair SERVER = ServerSigningKeys.generate();
    private static final PrivateKey KEY = SERVER.getPrivate();
    private static final String AGENT = "lab-a";
    private static final String SECRET = EnrollmentSecret.generate();
    private static final byte[] BODY = "{\"jobId\": 1}".getBytes(StandardCharsets.UTF_8);

    private final AgentCallVerifier verifier = verifierAt(NOW, 100);

    @Test
    void theLegacyKeyIsWhatTheServerKeepsOfTheSecretAndTheServerKeyIsNoneOfIt() {
        assertThat(LegacyCallSignature.keyOf(SECRET)).isEqualTo(TokenSecrets.sha256(SECRET)).doesNotContain(SECRET);
        assertThat(ServerSigningKeys.publicText(SERVER.getPublic())).doesNotContain(SECRET);
        assertThat(ServerSigningKeys.parsePublic(ServerSigningKeys.publicText(SERVER.getPublic())))
                .isEqualTo(SERVER.getPublic());
    }

    @Test
    void aCallSignedWithTheKeyOfTheAgentsSecretIsRefusedOnceTheAgentHoldsItsServersKey() {
        Map<String, String> v1 = LegacyCallSignature.sign(LegacyCallSignature.keyOf(SECRET), "POST",
                "/v1/scenarios", BODY, NOW);

        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, v1::get).detail())
                .contains("a call signed with the agent's own key (v1) is refused");
    }

    /** An agent enrolled before v2 takes its server's key once, signed v1; then v1 opens nothing. */
    @Test
    void theServersKeyIsDeliveredOnceSignedWithTheKeyOfTheAgentsSecret() {
        AgentCallVerifier[] holder = new AgentCallVerifier[1];
        java.util.concurrent.atomic.AtomicReference<java.security.PublicKey> pinned =
                new java.util.concurrent.atomic.AtomicReference<>();
        holder[0] = new AgentCallVerifier(AGENT, pinned::get, () -> LegacyCallSignature.keyOf(SECRET),
                Clock.fixed(NOW, ZoneOffset.UTC), 10, AgentCallVerifier.SeenNonces.IN_MEMORY);
        Map<String, String> wrongSecret = LegacyCallSignature.sign(LegacyCallSignature.keyOf(
                EnrollmentSecret.generate()), "POST", "/v1/server-key", BODY, NOW);
        Map<String, String> delivery = LegacyCallSignature.sign(LegacyCallSignature.keyOf(SECRET), "POST",
                "/v1/server-key", BODY, NOW);

        assertThat(holder[0].awaitsServerKey()).isTrue();
        assertThat(holder[0].headerRefusal(delivery::get).detail()).contains("holds no signing key of its server");
        assertThat(holder[0].deliveryRefusal("POST", "/v1/server-key", BODY, wrongSecret::get).status())
                .isEqualTo(401);
        assertThat(holder[0].deliveryRefusal("POST", "/v1/server-key", BODY, delivery::get)).isNull();
        assertThat(holder[0].deliveryRefusal("POST", "/v1/server-key", BODY, delivery::get).detail())
                .contains("a replay is not obeyed");
        pinned.set(SERVER.getPublic());
        assertThat(holder[0].awaitsServerKey()).isFalse();
        Map<String, String> v1 = LegacyCallSignature.sign(LegacyCallSignature.keyOf(SECRET), "POST",
                "/v1/scenarios", BODY, NOW);
        assertThat(holder[0].refusal("POST", "/v1/scenarios", BODY, v1::get).status()).isEqualTo(401);
    }

    /** Seen nonces outlive the verifier: a new one over the same store refuses a replay. */
    @Test
    void aReplayAfterARestartIsRefused() {
        Map<String, Long> disk = new LinkedHashMap<>();
        AgentCallVerifier.SeenNonces store = new AgentCallVerifier.SeenNonces() {
            @Override
            public Map<String, Long> load() {
                return Map.copyOf(disk);
            }

            @Override
            public void remember(String nonce, long staleAfter) {
                disk.put(nonce, staleAfter);
            }

            @Override
            public void replace(Map<String, Long> live) {
                disk.clear();
                disk.putAll(live);
            }
        };
        Map<String, String> headers = AgentCallSignature.sign(KEY, AGENT, "POST", "/v1/scenarios", BODY, NOW);
        assertThat(withStore(store).refusal("POST", "/v1/scenarios", BODY, headers::get)).isNull();

        AgentCallVerifier restarted = withStore(store);

        assertThat(restarted.refusal("POST", "/v1/scenarios", BODY, headers::get).detail())
                .contains("a replay is not obeyed");
    }

    @Test
    void aCallSignedWithThisAgentsKeyIsObeyedOnce() {
        Map<String, String> headers = AgentCallSignature.sign(KEY, AGENT, "POST", "/v1/scenarios", BODY, NOW);

        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, headers::get)).isNull();
        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, headers::get))
                .isEqualTo(new AgentCallVerifier.Refusal(401,
                        "this call was received before (its nonce was seen): a replay is not obeyed"));
    }

    @Test
    void eachSignedFieldIsBound() {
        Map<String, String> headers = AgentCallSignature.sign(KEY, AGENT, "POST", "/v1/scenarios", BODY, NOW);

        assertThat(verifier.refusal("GET", "/v1/scenarios", BODY, headers::get)).isNotNull();
        assertThat(verifier.refusal("POST", "/v1/iperf3-server", BODY, headers::get)).isNotNull();
        assertThat(verifier.refusal("POST", "/v1/scenarios", "{\"jobId\": 2}".getBytes(StandardCharsets.UTF_8),
                headers::get)).isNotNull();
        Map<String, String> otherNonce = new HashMap<>(headers);
        otherNonce.put(AgentCallSignature.NONCE_HEADER, "another-nonce-0123456789");
        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, otherNonce::get)).isNotNull();
        Map<String, String> otherTime = new HashMap<>(headers);
        otherTime.put(AgentCallSignature.TIMESTAMP_HEADER, Long.toString(NOW.getEpochSecond() - 1));
        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, otherTime::get).detail())
                .startsWith("the signature is not this agent's");
        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, headers::get))
                .as("none of the tampered calls used up the nonce").isNull();
    }

    @Test
    void anotherServersKeyOrACallMeantForAnotherAgentIsRefused() {
        Map<String, String> otherServer = AgentCallSignature.sign(ServerSigningKeys.generate().getPrivate(), AGENT,
                "POST", "/v1/scenarios", BODY, NOW);
        Map<String, String> otherAgent = AgentCallSignature.sign(KEY, "lab-b", "POST", "/v1/scenarios", BODY, NOW);

        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, otherServer::get).status()).isEqualTo(401);
        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, otherAgent::get).detail())
                .contains("was meant for another agent");
    }

    @Test
    void aBearerTokenOrNoSignatureIsRefusedBeforeTheBodyIsRead() {
        Map<String, String> bearer = Map.of("Authorization", "Bearer " + SECRET);

        AgentCallVerifier.Refusal refusal = verifier.headerRefusal(bearer::get);

        assertThat(refusal.status()).isEqualTo(401);
        assertThat(refusal.detail()).contains("a bearer token opens nothing here");
    }

    @Test
    void aCallMoreThanSixtySecondsOffEitherWayIsStale() {
        Map<String, String> old = AgentCallSignature.sign(KEY, AGENT, "POST", "/v1/scenarios", BODY, NOW.minusSeconds(61));
        Map<String, String> future = AgentCallSignature.sign(KEY, AGENT, "POST", "/v1/scenarios", BODY, NOW.plusSeconds(61));
        Map<String, String> edge = AgentCallSignature.sign(KEY, AGENT, "POST", "/v1/scenarios", BODY, NOW.minusSeconds(60));

        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, old::get).detail())
                .startsWith("the call's timestamp is 61 s away from this agent's clock (at most 60 s)");
        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, future::get).status()).isEqualTo(401);
        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, edge::get)).isNull();
    }

    @Test
    void anAgentThatHoldsNoKeyOfItsServerObeysNothing() {
        AgentCallVerifier notEnrolled = new AgentCallVerifier(AGENT, () -> null, () -> null,
                Clock.fixed(NOW, ZoneOffset.UTC), 10, AgentCallVerifier.SeenNonces.IN_MEMORY);
        Map<String, String> headers = AgentCallSignature.sign(KEY, AGENT, "POST", "/v1/scenarios", BODY, NOW);

        assertThat(notEnrolled.refusal("POST", "/v1/scenarios", BODY, headers::get).detail())
                .contains("holds no signing key of its server");
    }

    /** Only the server can fill the cache (only signed calls enter it); a full one refuses rather than forgets. */
    @Test
    void theNonceCacheIsBounded() {
        AgentCallVerifier early = verifierAt(NOW, 3);
        for (int i = 0; i < 3; i++) {
            Map<String, String> headers = AgentCallSignature.sign(KEY, AGENT, "GET", "/v1/status", new byte[0], NOW);
            assertThat(early.refusal("GET", "/v1/status", new byte[0], headers::get)).isNull();
        }
        Map<String, String> fourth = AgentCallSignature.sign(KEY, AGENT, "GET", "/v1/status", new byte[0], NOW);
        assertThat(early.refusal("GET", "/v1/status", new byte[0], fourth::get).status()).isEqualTo(503);
        assertThat(early.remembered()).isEqualTo(3);
    }

    /** A nonce is kept only while its call could still pass the timestamp check. */
    @Test
    void stalenessFreesTheCache() {
        MutableClock clock = new MutableClock(NOW);
        AgentCallVerifier bounded = new AgentCallVerifier(AGENT, SERVER::getPublic, () -> null, clock, 2,
                AgentCallVerifier.SeenNonces.IN_MEMORY);
        for (int i = 0; i < 2; i++) {
            Map<String, String> headers = AgentCallSignature.sign(KEY, AGENT, "GET", "/v1/status", new byte[0], NOW);
            assertThat(bounded.refusal("GET", "/v1/status", new byte[0], headers::get)).isNull();
        }
        clock.now = NOW.plusSeconds(61);
        Map<String, String> fresh = AgentCallSignature.sign(KEY, AGENT, "GET", "/v1/status", new byte[0], clock.now);

        assertThat(bounded.refusal("GET", "/v1/status", new byte[0], fresh::get)).isNull();
        assertThat(bounded.remembered()).isEqualTo(1);
    }

    private static AgentCallVerifier verifierAt(Instant now, int maxNonces) {
        return new AgentCallVerifier(AGENT, SERVER::getPublic, () -> LegacyCallSignature.keyOf(SECRET),
                Clock.fixed(now, ZoneOffset.UTC), maxNonces, AgentCallVerifier.SeenNonces.IN_MEMORY);
    }

    private static AgentCallVerifier withStore(AgentCallVerifier.SeenNonces store) {
        return new AgentCallVerifier(AGENT, SERVER::getPublic, () -> null, Clock.fixed(NOW, ZoneOffset.UTC), 10,
                store);
    }

    private static final class MutableClock extends Clock {
        Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
