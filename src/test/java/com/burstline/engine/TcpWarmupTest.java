package com.burstline.engine;

import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** The TCP loops' warm-up before a test stays in this process and leaves no thread or socket behind. */
class TcpWarmupTest {
    private static final TestParams ONE_MEGABYTE_UPLOAD =
            new TestParams(false, 0, 0, 1_000_000, 0, 1, false, false, 0, 131072, 0, false, false);

    @Test
    void theWarmupLeavesNoThreadOrSocketBehind() throws Exception {
        InetSocketAddress peer = new InetSocketAddress("127.0.0.1", 9); // never contacted
        TcpWarmup.run(ONE_MEGABYTE_UPLOAD, peer); // once, so that the classes it loads are not counted below
        long sockets = OpenSockets.count();

        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> TcpWarmup.run(ONE_MEGABYTE_UPLOAD, peer));

        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(
                t -> t.getName().startsWith("engine-tcp") && t.isAlive());
        assertThat(OpenSockets.count()).isEqualTo(sockets);
    }
}
