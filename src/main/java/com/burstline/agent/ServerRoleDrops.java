package com.burstline.agent;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.HostDrops;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The peer's receive-drop counters around each server role it ran: read before the server starts and after it ends,
 * kept for the last few attempts, and answered when the server asks ({@code POST /v1/iperf3-server/drops}). On an
 * upload the peer is the receiving host, so these are the counts that say whether it dropped what arrived.
 */
final class ServerRoleDrops {
    /** The server asks right after the scenario's result; a handful covers a late question and a restarted one. */
    private static final int KEEP = 8;
    /** The SUT's result can arrive a moment before the peer's one-test server has exited. */
    static final Duration WAIT = Duration.ofSeconds(5);

    private final HostPlatform platform;
    private final String testAddress;
    private final Duration wait;
    private final Map<AttemptKey, CompletableFuture<HostDrops>> attempts = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<AttemptKey, CompletableFuture<HostDrops>> eldest) {
            return size() > KEEP;
        }
    };

    /**
     * @param testAddress the agent's test address: the server role's traffic arrives on its interface
     * @param wait        how long a question waits for a role that still runs ({@link #WAIT})
     */
    ServerRoleDrops(HostPlatform platform, String testAddress, Duration wait) {
        this.platform = platform;
        this.testAddress = testAddress;
        this.wait = wait;
    }

    /**
     * Reads the counters before a server role for {@code attempt} starts; the answer reads them again when run, as
     * the role ends. Nothing is kept for a role without an attempt (a server that sends none).
     */
    Runnable started(AttemptKey attempt) {
        if (attempt == null) {
            return () -> { };
        }
        DropSnapshot before = DropSnapshot.before(platform, platform.interfaceOf(testAddress));
        CompletableFuture<HostDrops> after = new CompletableFuture<>();
        synchronized (attempts) {
            attempts.put(attempt, after);
        }
        return () -> {
            try {
                after.complete(before.after());
            } catch (RuntimeException unreadable) {
                after.completeExceptionally(unreadable);
            }
        };
    }

    /**
     * The counts of the attempt's server role once it has ended, waiting a while ({@link #WAIT}) for it to end.
     *
     * @throws Unavailable 404 when this agent ran no server role for the attempt (or no longer remembers it), 409
     *                     when the role still runs
     */
    HostDrops of(AttemptKey attempt) throws InterruptedException {
        CompletableFuture<HostDrops> after;
        synchronized (attempts) {
            after = attempts.get(attempt);
        }
        if (after == null) {
            throw new Unavailable(404, "this agent ran no server role for " + attempt.describe() + " attempt "
                    + attempt.attempt() + " (or has forgotten it: it keeps the last " + KEEP + ")");
        }
        try {
            return after.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException stillRunning) {
            throw new Unavailable(409, "the server role of " + attempt.describe() + " still runs after "
                    + wait.toSeconds() + " s; its counts are read when it ends");
        } catch (ExecutionException failed) {
            throw new IllegalStateException("the drop counters could not be read: " + failed.getCause().getMessage(),
                    failed.getCause());
        }
    }

    /** What the agent answers when it has no counts to give: a status and why. */
    static final class Unavailable extends RuntimeException {
        private final int status;

        Unavailable(int status, String message) {
            super(message);
            this.status = status;
        }

        int status() {
            return status;
        }
    }
}
