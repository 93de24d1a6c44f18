package com.burstline.contract;

import java.time.Clock;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The agent's check of {@link AgentCallSignature}: a call is obeyed only when it is signed with this agent's key, its
 * timestamp is within {@link AgentCallSignature#MAX_SKEW} of this clock, and its nonce was not seen before. A nonce
 * is remembered only as long as its timestamp would still pass, and at most {@code maxNonces} of them, so the cache
 * stays bounded; only correctly signed calls enter it, so only the server can fill it.
 */
public final class AgentCallVerifier {
    private final Supplier<String> key;
    private final Clock clock;
    private final int maxNonces;
    /** Nonce → the epoch second after which its call would be stale anyway. */
    private final Map<String, Long> seen = new LinkedHashMap<>();

    /** @param key the current {@link AgentCallSignature#keyOf key} of this agent, null while it has not enrolled */
    public AgentCallVerifier(Supplier<String> key, Clock clock, int maxNonces) {
        this.key = key;
        this.clock = clock;
        this.maxNonces = maxNonces;
    }

    /** Why a call is refused (401, or 503 when the nonce cache is full), in words. */
    public record Refusal(int status, String detail) {
    }

    /**
     * What can be checked before reading the body: the headers are there, well formed and fresh, and this agent has
     * a key. Null when the call may go on to {@link #refusal}.
     */
    public Refusal headerRefusal(Function<String, String> headers) {
        if (!AgentCallSignature.wellFormedKey(key.get())) {
            return unauthorized("this agent has not enrolled with its server yet, so no call can be signed for it");
        }
        String signature = headers.apply(AgentCallSignature.SIGNATURE_HEADER);
        String nonce = headers.apply(AgentCallSignature.NONCE_HEADER);
        Long timestamp = timestamp(headers.apply(AgentCallSignature.TIMESTAMP_HEADER));
        if (signature == null || nonce == null || timestamp == null) {
            return unauthorized("this agent obeys only its server: a call needs " + AgentCallSignature.SIGNATURE_HEADER
                    + ", " + AgentCallSignature.TIMESTAMP_HEADER + " and " + AgentCallSignature.NONCE_HEADER
                    + " signed with this agent's own key (a bearer token opens nothing here)");
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

    /** Null when the call is the server's, signed for this agent and new; it is then remembered as seen. */
    public Refusal refusal(String method, String target, byte[] body, Function<String, String> headers) {
        Refusal early = headerRefusal(headers);
        if (early != null) {
            return early;
        }
        long timestamp = timestamp(headers.apply(AgentCallSignature.TIMESTAMP_HEADER));
        String nonce = headers.apply(AgentCallSignature.NONCE_HEADER);
        if (!AgentCallSignature.matches(key.get(), method, target, body, timestamp, nonce,
                headers.apply(AgentCallSignature.SIGNATURE_HEADER))) {
            return unauthorized("the signature is not this agent's: the call was not signed by the server that "
                    + "enrolled this agent, or it was changed on the way");
        }
        return remember(nonce, timestamp + AgentCallSignature.MAX_SKEW.toSeconds());
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
        seen.put(nonce, staleAfter);
        return null;
    }

    private void forgetStale(long now) {
        for (Iterator<Long> staleAfter = seen.values().iterator(); staleAfter.hasNext(); ) {
            if (staleAfter.next() < now) {
                staleAfter.remove();
            }
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
