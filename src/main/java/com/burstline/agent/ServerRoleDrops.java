package com.burstline.agent;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.HostDrops;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
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
    private static final long THREAD_STACK_BYTES = 256 * 1024;

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
     * Begins reading the counters before a server role for {@code attempt} starts, on a thread of its own so that
     * the reading and the server's start overlap (no traffic arrives before the role's start is answered, which
     * waits for {@link Counting#awaitBefore()}). The answer reads them again when {@link Counting#ended()} runs, as
     * the role ends. Nothing is kept for a role without an attempt (a server that sends none).
     */
    Counting started(AttemptKey attempt) {
        if (attempt == null) {
            return Counting.NONE;
        }
        CompletableFuture<DropSnapshot> before = new CompletableFuture<>();
        Thread reader = new Thread(null, () -> {
            try {
                before.complete(DropSnapshot.before(platform, platform.interfaceOf(testAddress)));
            } catch (RuntimeException unreadable) {
                before.completeExceptionally(unreadable);
            }
        }, "server-role-drops", THREAD_STACK_BYTES);
        reader.setDaemon(true);
        reader.start();
        CompletableFuture<HostDrops> after = new CompletableFuture<>();
        synchronized (attempts) {
            attempts.put(attempt, after);
        }
        return new Counting(before, () -> {
            try {
                after.complete(before.join().after());
            } catch (RuntimeException unreadable) {
                after.completeExceptionally(unreadable instanceof CompletionException failed
                        && failed.getCause() != null ? failed.getCause() : unreadable);
            }
        });
    }

    /** One server role's count: its first reading, and what reads the second as the role ends. */
    static final class Counting {
        static final Counting NONE = new Counting(CompletableFuture.completedFuture(null), () -> { });

        private final CompletableFuture<DropSnapshot> before;
        private final Runnable ended;

        private Counting(CompletableFuture<DropSnapshot> before, Runnable ended) {
            this.before = before;
            this.ended = ended;
        }

        /** Until the first reading is done (or failed: the answer then says so); before the role's start is told. */
        void awaitBefore() throws InterruptedException {
            try {
                before.get();
            } catch (ExecutionException failed) {
                // the answer to the server's question carries the failure
            }
        }

        /** Reads the counters again, once the role has ended. */
        Runnable ended() {
            return ended;
        }
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
