package com.burstline.agent;

import com.burstline.contract.AttemptKey;
import com.burstline.contract.HostDrops;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The peer's counts around its server role, on this machine's real counters (the test address 127.0.0.1, so the
 * loopback): read when the role starts and when it ends, answered for that attempt only, and only once it ended.
 */
class ServerRoleDropsTest {
    private final ServerRoleDrops drops = new ServerRoleDrops(new LinuxPlatform(), "127.0.0.1", Duration.ZERO);
    private final AttemptKey attempt = new AttemptKey(7, 31, 1);

    @Test
    void aRoleThatEndedAnswersItsCountsOnTheInterfaceOfTheTestAddress() throws Exception {
        ServerRoleDrops.Counting counting = drops.started(attempt);
        counting.awaitBefore();
        counting.ended().run();

        HostDrops counted = drops.of(attempt);

        assertThat(counted.interfaceName()).isEqualTo("lo");
        assertThat(counted.platform()).isEqualTo(HostDrops.LINUX);
        assertThat(counted.delta()).containsKeys(HostDrops.UDP_IN_ERRORS, HostDrops.UDP_RCVBUF_ERRORS,
                HostDrops.RX_DROPPED);
    }

    @Test
    void aRoleStillRunningIs409AndAnAttemptItNeverServedIs404() {
        drops.started(attempt);

        assertThatThrownBy(() -> drops.of(attempt)).isInstanceOfSatisfying(ServerRoleDrops.Unavailable.class,
                refused -> assertThat(refused.status()).isEqualTo(409)).hasMessageContaining("still runs");
        assertThatThrownBy(() -> drops.of(new AttemptKey(7, 31, 2)))
                .isInstanceOfSatisfying(ServerRoleDrops.Unavailable.class,
                        refused -> assertThat(refused.status()).isEqualTo(404))
                .hasMessageContaining("no server role for job 7 scenario 31 attempt 2");
    }

    @Test
    void aRoleFromAServerThatSendsNoAttemptKeepsNothing() {
        drops.started(null).ended().run();

        assertThatThrownBy(() -> drops.of(attempt)).isInstanceOf(ServerRoleDrops.Unavailable.class);
    }
}
