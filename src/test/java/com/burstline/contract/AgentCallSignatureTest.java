package com.burstline.contract;

import com.burstline.server.security.TokenSecrets;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The server→agent signature: what it binds, and each call the agent's verifier refuses. */
class AgentCallSignatureTest {
    private static final Instant NOW = Instant.parse("2026-12-02T18:00:00Z");
    private static final String SECRET = EnrollmentSecret.generate();
    private static final String KEY = AgentCallSignature.keyOf(SECRET);
    private static final byte[] BODY = "{\"jobId\": 1}".getBytes(StandardCharsets.UTF_8);

    private final AgentCallVerifier verifier = verifierAt(NOW, 100);

    @Test
    void theKeyIsWhatTheServerKeepsOfTheSecret() {
        assertThat(KEY).isEqualTo(TokenSecrets.sha256(SECRET)).doesNotContain(SECRET);
    }

    @Test
    void aCallSignedWithThisAgentsKeyIsObeyedOnce() {
        Map<String, String> headers = AgentCallSignature.sign(KEY, "POST", "/v1/scenarios", BODY, NOW);

        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, headers::get)).isNull();
        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, headers::get))
                .isEqualTo(new AgentCallVerifier.Refusal(401,
                        "this call was received before (its nonce was seen): a replay is not obeyed"));
    }

    @Test
    void eachSignedFieldIsBound() {
        Map<String, String> headers = AgentCallSignature.sign(KEY, "POST", "/v1/scenarios", BODY, NOW);

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
    void anotherAgentsKeyIsRefused() {
        String otherKey = AgentCallSignature.keyOf(EnrollmentSecret.generate());
        Map<String, String> headers = AgentCallSignature.sign(otherKey, "POST", "/v1/scenarios", BODY, NOW);

        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, headers::get).status()).isEqualTo(401);
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
        Map<String, String> old = AgentCallSignature.sign(KEY, "POST", "/v1/scenarios", BODY, NOW.minusSeconds(61));
        Map<String, String> future = AgentCallSignature.sign(KEY, "POST", "/v1/scenarios", BODY, NOW.plusSeconds(61));
        Map<String, String> edge = AgentCallSignature.sign(KEY, "POST", "/v1/scenarios", BODY, NOW.minusSeconds(60));

        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, old::get).detail())
                .startsWith("the call's timestamp is 61 s away from this agent's clock (at most 60 s)");
        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, future::get).status()).isEqualTo(401);
        assertThat(verifier.refusal("POST", "/v1/scenarios", BODY, edge::get)).isNull();
    }

    @Test
    void anAgentThatHasNotEnrolledObeysNothing() {
        AgentCallVerifier notEnrolled = new AgentCallVerifier(() -> null, Clock.fixed(NOW, ZoneOffset.UTC), 10);
        Map<String, String> headers = AgentCallSignature.sign(KEY, "POST", "/v1/scenarios", BODY, NOW);

        assertThat(notEnrolled.refusal("POST", "/v1/scenarios", BODY, headers::get).detail())
                .contains("has not enrolled");
    }

    /** Only the server can fill the cache (only signed calls enter it); a full one refuses rather than forgets. */
    @Test
    void theNonceCacheIsBounded() {
        AgentCallVerifier early = verifierAt(NOW, 3);
        for (int i = 0; i < 3; i++) {
            Map<String, String> headers = AgentCallSignature.sign(KEY, "GET", "/v1/status", new byte[0], NOW);
            assertThat(early.refusal("GET", "/v1/status", new byte[0], headers::get)).isNull();
        }
        Map<String, String> fourth = AgentCallSignature.sign(KEY, "GET", "/v1/status", new byte[0], NOW);
        assertThat(early.refusal("GET", "/v1/status", new byte[0], fourth::get).status()).isEqualTo(503);
        assertThat(early.remembered()).isEqualTo(3);
    }

    /** A nonce is kept only while its call could still pass the timestamp check. */
    @Test
    void stalenessFreesTheCache() {
        MutableClock clock = new MutableClock(NOW);
        AgentCallVerifier bounded = new AgentCallVerifier(() -> KEY, clock, 2);
        for (int i = 0; i < 2; i++) {
            Map<String, String> headers = AgentCallSignature.sign(KEY, "GET", "/v1/status", new byte[0], NOW);
            assertThat(bounded.refusal("GET", "/v1/status", new byte[0], headers::get)).isNull();
        }
        clock.now = NOW.plusSeconds(61);
        Map<String, String> fresh = AgentCallSignature.sign(KEY, "GET", "/v1/status", new byte[0], clock.now);

        assertThat(bounded.refusal("GET", "/v1/status", new byte[0], fresh::get)).isNull();
        assertThat(bounded.remembered()).isEqualTo(1);
    }

    private static AgentCallVerifier verifierAt(Instant now, int maxNonces) {
        return new AgentCallVerifier(() -> KEY, Clock.fixed(now, ZoneOffset.UTC), maxNonces);
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
