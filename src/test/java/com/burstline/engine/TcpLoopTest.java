package com.burstline.engine;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One loop driving one or several real loopback TCP streams, and one receiving loop for the receiving streams:
 * block accounting across short writes, receivers counting until the peer closes, and a loop stuck on full sockets
 * or receivers waiting on quiet ones ending when the test closes them.
 */
class TcpLoopTest {
    /** Not a divisor of any socket buffer size, so that writes end short in the middle of a block. */
    private static final int LEN = 100_003;
    private final List<SocketChannel> peers = new ArrayList<>();
    private TestRun run;

    @AfterEach
    void closeAll() {
        if (run != null) {
            run.end();
            run.closeStreams();
        }
        peers.forEach(ClientStreams::closeQuietly);
    }

    @ParameterizedTest(name = "{0} streams")
    @ValueSource(ints = {1, 3})
    void aBlockLimitEndsEveryStreamOnABlockBoundaryAndTheBytesArriveAsCounted(int count) throws Exception {
        run = start(new TestParams(false, 0, 0, 0, 40, count, false, false, 0, LEN, 0, false, false), true, count);

        List<Thread> loop = loopThreads();
        long[] received = new long[count];
        while (loop.stream().anyMatch(Thread::isAlive) || anyShortOfCounted(received)) {
            for (int i = 0; i < count; i++) {
                received[i] += drain(peers.get(i));
            }
        }

        long blocks = 0;
        for (int i = 0; i < count; i++) {
            DataStream stream = run.streams.get(i);
            assertThat(stream.counters.bytes() % LEN).as("stream %d ends on a block boundary", i).isZero();
            assertThat(received[i]).isEqualTo(stream.counters.bytes());
            blocks += stream.counters.bytes() / LEN;
        }
        // Each stream may have begun a block before another one completed the 40th.
        assertThat(blocks).isBetween(40L, 40L + count - 1);
        assertThat(run.awaitDone(0)).as("the limit ends the test").isTrue();
    }

    @ParameterizedTest(name = "{0} streams")
    @ValueSource(ints = {1, 2})
    void receiversCountUntilThePeerClosesThenTheLoopEnds(int count) throws Exception {
        run = start(new TestParams(false, 0, 10, 0, 0, count, false, false, 0, 131072, 0, false, false), false, count);
        ByteBuffer data = ByteBuffer.allocate(1_000_000);
        for (int i = 0; i < count; i++) {
            for (int n = 0; n <= i; n++) {
                data.clear();
                while (data.hasRemaining()) {
                    peers.get(i).write(data);
                }
            }
            peers.get(i).close();
        }

        for (DataStream stream : run.streams) {
            stream.join(10_000);
        }

        for (int i = 0; i < count; i++) {
            assertThat(run.streams.get(i).counters.bytes()).isEqualTo((i + 1) * 1_000_000L);
        }
        assertThat(loopThreads()).isEmpty();
    }

    @ParameterizedTest(name = "{0} streams")
    @ValueSource(ints = {1, 4})
    void aLoopWaitingOnFullSocketsEndsWhenTheTestClosesThem(int count) throws Exception {
        run = start(new TestParams(false, 0, 10, 0, 0, count, false, false, 0, 131072, 0, false, false), true, count);
        while (run.streams.stream().mapToLong(s -> s.counters.bytes()).sum() < count * 131072L) {
            Thread.sleep(10); // the peers never read: the sockets fill and the loop waits in select
        }

        run.end();
        run.closeStreams();

        assertThat(loopThreads()).as("no loop thread left behind").isEmpty();
        assertThat(run.failure()).as("a close at the end is no failure").isNull();
    }

    @ParameterizedTest(name = "{0} streams")
    @ValueSource(ints = {1, 4})
    void receiversWaitingOnQuietSocketsEndWhenTheTestClosesThem(int count) throws Exception {
        run = start(new TestParams(false, 0, 10, 0, 0, count, false, false, 0, 131072, 0, false, false), false, count);
        peers.get(0).write(ByteBuffer.allocate(1000));
        while (run.streams.get(0).counters.bytes() < 1000) {
            Thread.sleep(10); // then every socket is empty and the receiving thread waits in select
        }

        run.end();
        run.closeStreams();

        assertThat(loopThreads()).as("no receiving thread left behind").isEmpty();
        assertThat(run.failure()).as("a close at the end is no failure").isNull();
    }

    private TestRun start(TestParams params, boolean sending, int streams) throws IOException {
        TestRun test = new TestRun(params, true);
        try (ServerSocketChannel listener = ServerSocketChannel.open()) {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            for (int i = 0; i < streams; i++) {
                SocketChannel channel = SocketChannel.open(listener.getLocalAddress());
                peers.add(listener.accept());
                test.streams.add(new DataStream(DataStream.idFor(i), sending, channel,
                        (InetSocketAddress) channel.getLocalAddress(), (InetSocketAddress) channel.getRemoteAddress()));
            }
        }
        test.begin();
        TcpLoop.startAll(test, test.streams);
        return test;
    }

    private boolean anyShortOfCounted(long[] received) {
        for (int i = 0; i < received.length; i++) {
            if (received[i] < run.streams.get(i).counters.bytes()) {
                return true;
            }
        }
        return false;
    }

    private static long drain(SocketChannel peer) throws IOException {
        peer.configureBlocking(false);
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        long total = 0;
        int read;
        while ((read = peer.read(buffer)) > 0) {
            total += read;
            buffer.clear();
        }
        return total;
    }

    private static List<Thread> loopThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("engine-tcp-") && t.isAlive()).toList();
    }
}
