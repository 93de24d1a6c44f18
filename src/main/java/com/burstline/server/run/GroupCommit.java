package com.burstline.server.run;

import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Group commit (when {@code burstline.group-commit=true}): the imports of concurrent uploads are written by one
 * thread, as many as are waiting in one transaction, so that they share one commit (one write of H2's file, one WAL
 * flush on PostgreSQL) instead of paying one each. A caller returns only once the transaction that holds its work
 * has committed, so its {@code 201} is as durable as with a commit of its own. Nothing waits for company: a lone
 * upload commits at once, and uploads that arrive during a commit form the next group.
 *
 * <p>Work that throws rolls its group back; that work fails alone, and the rest of the group runs again without it.
 * A failed commit fails every work of its group (the database could not write; nothing of them was stored).
 */
@Component
class GroupCommit {
    private static final Logger LOG = LoggerFactory.getLogger(GroupCommit.class);
    /** Enough to share a commit among many clients; few enough that one group's transaction stays short. */
    static final int MAX_GROUP = 32;

    private final BlockingQueue<Work<?>> queue = new LinkedBlockingQueue<>();
    private final TransactionTemplate transaction;
    private final Thread writer;
    private volatile boolean stopping;

    /**
     * @param enabled false (the default): each import commits on its own, on its caller's thread. Measured on the
     *                project machine, sharing commits gained nothing there (docs/benchmarks.md): an upload's time is
     *                elsewhere. It is kept, tested, for disks and databases whose commit costs more.
     */
    GroupCommit(TransactionTemplate transaction, @Value("${burstline.group-commit:false}") boolean enabled) {
        this.transaction = transaction;
        this.writer = new Thread(this::writeGroups, "run-group-commit");
        writer.setDaemon(true);
        stopping = !enabled;
        if (enabled) {
            writer.start();
        }
    }

    /**
     * Runs {@code work} in a transaction shared with other callers' and returns its result once that transaction
     * has committed. Inside a transaction of the caller's own, the work joins that one instead, as before.
     */
    <T> T inTransaction(Supplier<T> work) {
        if (TransactionSynchronizationManager.isActualTransactionActive() || stopping) {
            return transaction.execute(status -> work.get());
        }
        Work<T> pending = new Work<>(work);
        queue.add(pending);
        if (stopping && queue.remove(pending)) { // the writer may have seen an empty queue and ended
            return transaction.execute(status -> work.get());
        }
        return pending.await();
    }

    /** Works queued for the next group, not yet taken by the writer. */
    int waiting() {
        return queue.size();
    }

    private void writeGroups() {
        while (!stopping || !queue.isEmpty()) {
            try {
                Work<?> first = queue.poll(200, TimeUnit.MILLISECONDS);
                if (first != null) {
                    List<Work<?>> group = new ArrayList<>(List.of(first));
                    queue.drainTo(group, MAX_GROUP - 1);
                    commit(group);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException | Error unexpected) {
                LOG.error("The group commit writer failed; it goes on with the next group", unexpected);
            }
        }
    }

    /** Runs the group until it commits, taking out each work that throws. */
    private void commit(List<Work<?>> group) {
        List<Work<?>> left = new ArrayList<>(group);
        while (!left.isEmpty()) {
            List<Object> results = new ArrayList<>(left.size());
            try {
                transaction.executeWithoutResult(status -> left.forEach(work -> results.add(work.run())));
            } catch (WorkFailed failed) {
                left.remove(failed.work);
                failed.work.fail(failed.getCause());
                continue;
            } catch (RuntimeException | Error commitFailed) {
                left.forEach(work -> work.fail(commitFailed));
                return;
            }
            for (int i = 0; i < left.size(); i++) {
                left.get(i).succeed(results.get(i));
            }
            return;
        }
    }

    /** Lets the uploads still in flight (graceful shutdown) finish their commits before the database closes. */
    @PreDestroy
    void stop() throws InterruptedException {
        stopping = true;
        if (writer.isAlive()) {
            writer.join(TimeUnit.SECONDS.toMillis(30));
        }
    }

    /** What work threw, so that its group can go on without it. */
    private static final class WorkFailed extends RuntimeException {
        private final transient Work<?> work;

        WorkFailed(Work<?> work, Throwable cause) {
            super(cause);
            this.work = work;
        }
    }

    private static final class Work<T> {
        private final Supplier<T> body;
        private final CompletableFuture<T> done = new CompletableFuture<>();

        Work(Supplier<T> body) {
            this.body = body;
        }

        Object run() {
            try {
                return body.get();
            } catch (RuntimeException | Error e) {
                throw new WorkFailed(this, e);
            }
        }

        @SuppressWarnings("unchecked")
        void succeed(Object result) {
            done.complete((T) result);
        }

        void fail(Throwable error) {
            done.completeExceptionally(error);
        }

        /** The work's own exception, as if it had run on the caller's thread. */
        T await() {
            try {
                return done.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the upload was being stored", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException runtime) {
                    throw runtime;
                }
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
    }
}
