package com.burstline.agent;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** One route lookup per peer and job, looked up again for a new job, changed interfaces or after a failure. */
class JobRoutesTest {
    /** A host whose route lookups are counted and whose answers and fingerprint the test sets. */
    private static final class RoutingHost extends StubHost {
        final List<String> lookups = new ArrayList<>();
        String fingerprint = "eth0=2,lo=1";
        String route = "eth0";

        @Override
        public String interfacesFingerprint() {
            return fingerprint;
        }

        @Override
        public String routeInterface(String peerHost) {
            lookups.add(peerHost);
            return route;
        }
    }

    private final RoutingHost host = new RoutingHost();
    private final JobRoutes routes = new JobRoutes(host);

    @Test
    void aJobLooksUpEachPeerOnce() {
        assertThat(routes.towards(7L, "10.0.0.2")).isEqualTo("eth0");
        host.route = "eth1"; // not seen within the job
        assertThat(routes.towards(7L, "10.0.0.2")).isEqualTo("eth0");
        assertThat(routes.towards(7L, "10.0.1.2")).isEqualTo("eth1");
        assertThat(host.lookups).containsExactly("10.0.0.2", "10.0.1.2");
    }

    @Test
    void aNewJobLooksAgain() {
        routes.towards(7L, "10.0.0.2");
        host.route = "eth1";
        assertThat(routes.towards(8L, "10.0.0.2")).isEqualTo("eth1");
        assertThat(host.lookups).hasSize(2);
    }

    @Test
    void changedInterfacesWithinAJobLookAgain() {
        routes.towards(7L, "10.0.0.2");
        host.fingerprint = "eth0=5,lo=1"; // the device was re-created
        host.route = "eth1";
        assertThat(routes.towards(7L, "10.0.0.2")).isEqualTo("eth1");
    }

    @Test
    void noJobOrAHostThatCannotTellLooksEveryTime() {
        routes.towards(null, "10.0.0.2");
        routes.towards(null, "10.0.0.2");
        host.fingerprint = null;
        routes.towards(7L, "10.0.0.2");
        routes.towards(7L, "10.0.0.2");
        assertThat(host.lookups).hasSize(4);
    }

    @Test
    void aFailedLookupIsNotKept() {
        host.route = null;
        assertThat(routes.towards(7L, "10.0.0.2")).isNull();
        host.route = "eth0";
        assertThat(routes.towards(7L, "10.0.0.2")).isEqualTo("eth0");
        assertThat(host.lookups).hasSize(2);
    }
}
