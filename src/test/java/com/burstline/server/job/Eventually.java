package com.burstline.server.job;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/** Waits for something the server does in the background; the limit is generous, it is not a timing assertion. */
public final class Eventually {
    private Eventually() {
    }

    public static <T> T await(String what, Duration limit, Supplier<T> probe, java.util.function.Predicate<T> done) {
        Instant deadline = Instant.now().plus(limit);
        T last = probe.get();
        while (!done.test(last)) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("Gave up waiting for " + what + "; last seen: " + last);
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            last = probe.get();
        }
        return last;
    }
}
