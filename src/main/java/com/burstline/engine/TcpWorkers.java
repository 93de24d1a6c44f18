package com.burstline.engine;

import java.nio.ByteBuffer;
import java.util.concurrent.ThreadLocalRandom;

/** What the data streams share: the payload that senders write, and the rule for a stream failing. */
final class TcpWorkers {
    private TcpWorkers() {
    }

    static ByteBuffer payload(int length) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(length);
        byte[] random = new byte[length];
        ThreadLocalRandom.current().nextBytes(random);
        buffer.put(random).flip();
        return buffer;
    }

    /** After TEST_END the peer closing its sockets is expected, not a failure. */
    static void failIfRunning(TestRun run, DataStream stream, String message) {
        if (run.counting()) {
            stream.fail(message);
            run.fail(message);
        }
    }
}
