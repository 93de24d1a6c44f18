package com.burstline.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs items 0..n-1 on K threads, each taking the next item when done with the last, like K clients that upload as
 * fast as they can. Only the work is timed: each thread's worker (an HTTP client, a connection) is made before the
 * clock starts and closed after it stops.
 */
final class Parallel {
    /** Any one item taking longer than this means something is stuck; the benchmark must stop by itself. */
    private static final long TIMEOUT_MINUTES = 30;

    interface Worker extends AutoCloseable {
        void handle(int item) throws Exception;

        @Override
        default void close() throws Exception {
        }
    }

    private Parallel() {
    }

    /** @return the wall-clock nanoseconds from the start signal until the last item was done */
    static long run(int items, int threads, Callable<Worker> newWorker) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch ready = new CountDownLatch(threads);
            CountDownLatch start = new CountDownLatch(1);
            AtomicInteger next = new AtomicInteger();
            List<Future<Long>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> work(newWorker, ready, start, next, items)));
            }
            ready.await();
            long started = System.nanoTime();
            start.countDown();
            long finished = started;
            for (Future<Long> thread : done) {
                finished = Math.max(finished, thread.get(TIMEOUT_MINUTES, TimeUnit.MINUTES));
            }
            return finished - started;
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        } finally {
            pool.shutdownNow();
        }
    }

    private static long work(Callable<Worker> newWorker, CountDownLatch ready, CountDownLatch start,
                             AtomicInteger next, int items) throws Exception {
        Worker worker;
        try {
            worker = newWorker.call();
        } finally {
            ready.countDown(); // also on failure, so that run() does not wait for a thread that is gone
        }
        try (worker) {
            start.await();
            for (int item = next.getAndIncrement(); item < items; item = next.getAndIncrement()) {
                worker.handle(item);
            }
            return System.nanoTime();
        }
    }
}
