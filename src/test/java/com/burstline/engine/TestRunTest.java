package com.burstline.engine;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Who ends a test at its byte limit: the client, as in iperf3; a server sends on until TEST_END. */
class TestRunTest {
    private static final TestParams TEN_BLOCKS_OF_UDP =
            new TestParams(true, 0, 0, 14_600, 0, 1, true, false, 0, 1460, 0, false, false);

    @Test
    void aClientSendingStopsAtItsByteLimit() {
        TestRun client = new TestRun(TEN_BLOCKS_OF_UDP, true);
        client.begin();
        client.sent(14_600, 10);
        assertThat(client.mayStartBlock()).isFalse();
    }

    @Test
    void aServerSendingInReverseGoesOnPastTheByteLimitUntilTestEnd() {
        // a client in -u -R -n that lost one datagram would otherwise wait for bytes that never come
        TestRun server = new TestRun(TEN_BLOCKS_OF_UDP, false);
        server.begin();
        server.sent(14_600, 10);
        assertThat(server.mayStartBlock()).isTrue();
        server.end();
        assertThat(server.mayStartBlock()).isFalse();
    }

    /** The end waits for a datagram a sender decided to send before it, so the final figures count it. */
    @Test
    void theEndCountsTheDatagramASenderWasSending() throws Exception {
        TestRun run = new TestRun(TEN_BLOCKS_OF_UDP, true);
        run.begin();
        assertThat(run.beginSend()).isTrue();
        java.util.concurrent.atomic.AtomicBoolean counted = new java.util.concurrent.atomic.AtomicBoolean();
        Thread sender = new Thread(() -> {
            try {
                Thread.sleep(10); // the datagram is on its way while the test ends
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            counted.set(true);
            run.sendDone();
        });
        sender.start();

        run.end();

        assertThat(counted).as("counted before end() returned").isTrue();
        assertThat(run.beginSend()).as("no datagram starts after the end").isFalse();
        sender.join();
    }
}
