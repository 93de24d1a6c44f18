package com.burstline.server.run;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** GroupCommit over a real (in-memory H2) database: which works share a transaction, and what fails with what. */
class GroupCommitTest {
    private final DriverManagerDataSource dataSource = new DriverManagerDataSource(
            "jdbc:h2:mem:group-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1", "sa", "");
    private final JdbcTemplate jdbc = new JdbcTemplate(dataSource);
    private final FailingCommits transactions = new FailingCommits(dataSource);
    private final GroupCommit group = new GroupCommit(new TransactionTemplate(transactions), true);
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);

    @BeforeEach
    void table() {
        jdbc.execute("CREATE TABLE item (name VARCHAR(20) PRIMARY KEY)");
    }

    @AfterEach
    void stop() throws InterruptedException {
        release.countDown();
        group.stop();
        jdbc.execute("DROP ALL OBJECTS");
    }

    @Test
    void worksThatArriveDuringACommitShareTheNextTransaction() throws Exception {
        CompletableFuture<Object> first = submitFirst();
        List<CompletableFuture<Object>> next = new ArrayList<>();
        for (String name : List.of("b", "c", "d")) {
            next.add(submit(() -> insertAndName(name)));
        }
        awaitWaiting(3);
        release.countDown();

        Object firstTransaction = first.get();
        List<Object> transactionsOfNext = next.stream().map(CompletableFuture::join).toList();
        assertThat(transactionsOfNext).containsOnly(transactionsOfNext.get(0)).doesNotContain(firstTransaction);
        assertThat(names()).containsExactlyInAnyOrder("first", "b", "c", "d");
    }

    @Test
    void aWorkThatThrowsFailsAloneAndTheRestOfItsGroupIsStoredOnce() throws Exception {
        CompletableFuture<Object> first = submitFirst();
        CompletableFuture<Object> b = submit(() -> insertAndName("b"));
        CompletableFuture<Object> failing = submit(() -> {
            insertAndName("c");
            throw new RunNotFoundException(7);
        });
        CompletableFuture<Object> d = submit(() -> insertAndName("d"));
        awaitWaiting(3);
        release.countDown();

        first.get();
        assertThat(b.get()).isEqualTo(d.get());
        assertThatThrownBy(failing::get).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(RunNotFoundException.class);
        assertThat(names()).containsExactlyInAnyOrder("first", "b", "d");
    }

    @Test
    void aCommitThatFailsFailsEveryWorkOfItsGroupAndStoresNone() throws Exception {
        CompletableFuture<Object> first = submitFirst();
        CompletableFuture<Object> b = submit(() -> insertAndName("b"));
        CompletableFuture<Object> c = submit(() -> insertAndName("c"));
        awaitWaiting(2);
        transactions.failCommitNumber = 2; // the group after the first
        release.countDown();

        first.get();
        for (CompletableFuture<Object> work : List.of(b, c)) {
            assertThatThrownBy(work::get).hasCauseInstanceOf(TransactionSystemException.class);
        }
        assertThat(names()).containsExactly("first");
    }

    @Test
    void insideACallersOwnTransactionTheWorkJoinsIt() {
        Object[] seen = new Object[2];
        new TransactionTemplate(transactions).executeWithoutResult(status -> {
            seen[0] = TransactionSynchronizationManager.getResource(dataSource);
            seen[1] = group.inTransaction(() -> insertAndName("joined"));
            status.setRollbackOnly();
        });
        assertThat(seen[1]).isSameAs(seen[0]);
        assertThat(names()).isEmpty();
    }

    /** A work that holds the writer in its group until released, so that the next ones queue behind it. */
    private CompletableFuture<Object> submitFirst() throws InterruptedException {
        CompletableFuture<Object> first = submit(() -> insertAfterRelease("first"));
        entered.await();
        return first;
    }

    @Test
    void switchedOffEachWorkCommitsOnItsCallersThread() throws InterruptedException {
        GroupCommit off = new GroupCommit(new TransactionTemplate(transactions), false);
        Thread caller = Thread.currentThread();
        Thread[] ranOn = new Thread[1];
        off.inTransaction(() -> {
            ranOn[0] = Thread.currentThread();
            return insertAndName("alone");
        });
        off.stop();
        assertThat(ranOn[0]).isSameAs(caller);
        assertThat(names()).containsExactly("alone");
    }

    private CompletableFuture<Object> submit(Supplier<Object> work) {
        CompletableFuture<Object> done = new CompletableFuture<>();
        Thread caller = new Thread(() -> {
            try {
                done.complete(group.inTransaction(work));
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        caller.start();
        return done;
    }

    /** Holds the writer in its first group until the test has queued the works of the next one. */
    private Object insertAfterRelease(String name) {
        entered.countDown();
        try {
            release.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        return insertAndName(name);
    }

    /** @return the transaction's connection holder: works of one transaction see the same one */
    private Object insertAndName(String name) {
        jdbc.update("INSERT INTO item (name) VALUES (?)", name);
        return TransactionSynchronizationManager.getResource(dataSource);
    }

    private void awaitWaiting(int works) throws InterruptedException {
        while (group.waiting() < works) {
            Thread.sleep(10);
        }
    }

    private List<String> names() {
        return jdbc.queryForList("SELECT name FROM item", String.class);
    }

    /** The database's commit failing as a full disk makes it fail: the one commit the test names. */
    private static final class FailingCommits extends DataSourceTransactionManager {
        volatile int failCommitNumber;
        private int commits;

        FailingCommits(DriverManagerDataSource dataSource) {
            super(dataSource);
            setRollbackOnCommitFailure(true); // a commit the database refused leaves nothing, as a real one
        }

        @Override
        protected void doCommit(DefaultTransactionStatus status) {
            if (++commits == failCommitNumber) {
                throw new TransactionSystemException("the disk is full");
            }
            super.doCommit(status);
        }
    }
}
