package com.burstline.contract;

import java.security.PublicKey;
import java.time.Clock;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The agent's check of {@link AgentCallSignature}: a call is obeyed only when it is signed with its server's key for
 * this agent, its timestamp is within {@link AgentCallSignature#MAX_SKEW} of this clock, and its nonce was not seen
 * before. A nonce is remembered as long as its timestamp would still pass, at most {@code maxNonces} of them, and
 * kept in {@link SeenNonces} (the agent's spool) so that a restart forgets none: a call replayed after a restart is
 * refused too. Only correctly signed calls enter it, so only the server can fill it.
 *
 * <p>One call may be signed the v1 way ({@link LegacyCallSignature}): the delivery of the server's key to an agent
 * that enrolled before protocol v2 and holds none ({@link #deliveryRefusal}). Once the agent holds a key, v1 opens
 * nothing.
 */
public final class AgentCallVerifier {
    private final String agentName;
    private final Supplier<PublicKey> serverKey;
    private final Supplier<String> legacyKey;
    private final Clock clock;
    private final int maxNonces;
    private final SeenNonces store;
    /** Nonce → the epoch second after which its call would be stale anyway. */
    private final Map<String, Long> seen = new LinkedHashMap<>();

    /**
     * @param serverKey the server's public signing key this agent pinned; null while it holds none
     * @param legacyKey {@link LegacyCallSignature#keyOf} this agent's secret; null while it has not enrolled
     */
    public AgentCallVerifier(String agentName, Supplier<PublicKey> serverKey, Supplier<String> legacyKey,
                             Clock clock, int maxNonces, SeenNonces store) {
        this.agentName = agentName;
        this.serverKey = serverKey;
        this.legacyKey = legacyKey;
        this.clock = clock;
        this.maxNonces = maxNonces;
        this.store = store;
        long now = clock.instant().getEpochSecond();
        store.load().forEach((nonce, staleAfter) -> {
            if (staleAfter >= now) {
                seen.put(nonce, staleAfter);
            }
        });
    }

    /** Where seen nonces outlive the agent's process. */
    public interface SeenNonces {
        /** Every nonce kept, with the epoch second after which its call would be stale. */
        Map<String, Long> load();

        /** Keeps one more before its call is obeyed. */
        void remember(String nonce, long staleAfter);

        /** Keeps exactly these from now on (the stale ones are forgotten). */
        void replace(Map<String, Long> live);

        /** For a verifier whose nonces need not outlive it (tests, a test agent). */
        SeenNonces IN_MEMORY = new SeenNonces() {
            @Override
            public Map<String, Long> load() {
                return Map.of();
            }

            @Override
            public void remember(String nonce, long staleAfter) {
            }

            @Override
            public void replace(Map<String, Long> live) {
            }
        };
    }

    /** Why a call is refused (401, or 503 when the nonce cache is full), in words. */
    public record Refusal(int status, String detail) {
    }

    /**
     * What can be checked before reading the body: the headers are there, well formed and fresh, and this agent holds
     * its server's key. Null when the call may go on to {@link #refusal}.
     */
    public Refusal headerRefusal(Function<String, String> headers) {
        if (serverKey.get() == null) {
            return unauthorized("this agent holds no signing key of its server yet (it has not enrolled, or it "
                    + "enrolled before protocol v2 and its server has not delivered its key), so it obeys no call");
        }
        return freshnessRefusal(headers);
    }

    /** Null when the call is the server's, signed for this agent and new; it is then remembered as seen. */
    public Refusal refusal(String method, String target, byte[] body, Function<String, String> headers) {
        Refusal early = headerRefusal(headers);
        if (early != null) {
            return early;
        }
        String signature = headers.apply(AgentCallSignature.SIGNATURE_HEADER);
        long timestamp = timestamp(headers.apply(AgentCallSignature.TIMESTAMP_HEADER));
        String nonce = headers.apply(AgentCallSignature.NONCE_HEADER);
        if (signature.startsWith(LegacyCallSignature.PREFIX)) {
            return unauthorized("a call signed with the agent's own key (v1) is refused: this agent obeys only "
                    + "calls signed with its server's key (v2), which it holds");
        }
        if (!AgentCallSignature.verifies(serverKey.get(), agentName, method, target, body, timestamp, nonce,
                signature)) {
            return unauthorized("the signature is not this agent's server's: the call was not signed by the server "
                    + "that enrolled this agent, was meant for another agent, or was changed on the way");
        }
        return remember(nonce, timestamp + AgentCallSignature.MAX_SKEW.toSeconds());
    }

    /**
     * The one call v1 may sign: the delivery of the server's key to an agent that holds none yet, signed with the key
     * of the agent's secret. Null when it may be obeyed (it is then remembered as seen).
     */
    public Refusal deliveryRefusal(String method, String target, byte[] body, Function<String, String> headers) {
        String key = legacyKey.get();
        if (serverKey.get() != null) {
            return null; // the delivery endpoint answers for itself: the same key again is fine, another is refused
        }
        if (!LegacyCallSignature.wellFormedKey(key)) {
            return unauthorized("this agent has not enrolled with its server yet, so no call can be signed for it");
        }
        Refusal early = freshnessRefusal(headers);
        if (early != null) {
            return early;
        }
        long timestamp = timestamp(headers.apply(AgentCallSignature.TIMESTAMP_HEADER));
        String nonce = headers.apply(AgentCallSignature.NONCE_HEADER);
        if (!LegacyCallSignature.matches(key, method, target, body, timestamp, nonce,
                headers.apply(AgentCallSignature.SIGNATURE_HEADER))) {
            return unauthorized("the server's key is taken only from the server that enrolled this agent, signed "
                    + "with the key of this agent's secret");
        }
        return remember(nonce, timestamp + AgentCallSignature.MAX_SKEW.toSeconds());
    }

    /** Whether the delivery of the server's key may be signed v1 now: the agent holds none yet. */
    public boolean awaitsServerKey() {
        return serverKey.get() == null;
    }

    private Refusal freshnessRefusal(Function<String, String> headers) {
        String signature = headers.apply(AgentCallSignature.SIGNATURE_HEADER);
        String nonce = headers.apply(AgentCallSignature.NONCE_HEADER);
        Long timestamp = timestamp(headers.apply(AgentCallSignature.TIMESTAMP_HEADER));
        if (signature == null || nonce == null || timestamp == null) {
            return unauthorized("this agent obeys only its server: a call needs " + AgentCallSignature.SIGNATURE_HEADER
                    + ", " + AgentCallSignature.TIMESTAMP_HEADER + " and " + AgentCallSignature.NONCE_HEADER
                    + " signed with its server's key (a bearer token opens nothing here)");
        }
        if (!AgentCallSignature.NONCE_FORM.matcher(nonce).matches()) {
            return unauthorized(AgentCallSignature.NONCE_HEADER + " must be 16 to 64 characters of [A-Za-z0-9_-]");
        }
        long skew = Math.abs(clock.instant().getEpochSecond() - timestamp);
        if (skew > AgentCallSignature.MAX_SKEW.toSeconds()) {
            return unauthorized("the call's timestamp is " + skew + " s away from this agent's clock (at most "
                    + AgentCallSignature.MAX_SKEW.toSeconds() + " s): a stale call, or the clocks need NTP");
        }
        return null;
    }

    private synchronized Refusal remember(String nonce, long staleAfter) {
        long now = clock.instant().getEpochSecond();
        if (seen.containsKey(nonce)) {
            return unauthorized("this call was received before (its nonce was seen): a replay is not obeyed");
        }
        if (seen.size() >= maxNonces) {
            forgetStale(now);
        }
        if (seen.size() >= maxNonces) {
            return new Refusal(503, "this agent received more than " + maxNonces + " calls within "
                    + AgentCallSignature.MAX_SKEW.toSeconds() + " s; try again shortly");
        }
        store.remember(nonce, staleAfter);
        seen.put(nonce, staleAfter);
        return null;
    }

    private void forgetStale(long now) {
        int before = seen.size();
        for (Iterator<Long> staleAfter = seen.values().iterator(); staleAfter.hasNext(); ) {
            if (staleAfter.next() < now) {
                staleAfter.remove();
            }
        }
        if (seen.size() < before) {
            store.replace(Map.copyOf(seen));
        }
    }

    /** How many nonces are remembered now; for tests of the bound. */
    synchronized int remembered() {
        return seen.size();
    }

    private static Long timestamp(String value) {
        if (value == null || !value.matches("[0-9]{1,12}")) {
            return null;
        }
        return Long.parseLong(value);
    }

    private static Refusal unauthorized(String detail) {
        return new Refusal(401, detail);
    }
}
