package com.burstline.agent;

import com.burstline.contract.NicFacts;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A job's scenarios share one reading of the interfaces, unless the host's interfaces changed meanwhile. */
class FactsCollectorTest {
    /** A host whose interfaces say how often they were read, and whose fingerprint the test sets. */
    private static final class CountingHost extends StubHost {
        int readings;
        String fingerprint = "eth0=2,lo=1";

        @Override
        public List<NicFacts> interfaces() {
            readings++;
            return List.of(new NicFacts("eth0", "ena-" + readings, null, null, null, null, List.of(), null));
        }

        @Override
        public String interfacesFingerprint() {
            return fingerprint;
        }

        @Override
        public String routeInterface(String peerHost) {
            return "eth0";
        }
    }

    private final CountingHost host = new CountingHost();
    private final FactsCollector facts = new FactsCollector(host, "iperf3", null, null, List.of("iperf3"));

    @Test
    void scenariosOfOneJobShareOneReadingAndANewJobReadsAgain() {
        assertThat(facts.collectFor(7, "10.0.0.2").routeNic().driver()).isEqualTo("ena-1");
        assertThat(facts.collectFor(7, "10.0.0.2").routeNic().driver()).isEqualTo("ena-1");
        assertThat(facts.collectFor(8, "10.0.0.2").routeNic().driver()).isEqualTo("ena-2");
        assertThat(host.readings).isEqualTo(2);
    }

    @Test
    void aReloadedDriverWithinAJobIsReadAgain() {
        facts.collectFor(7, "10.0.0.2");
        host.fingerprint = "eth0=5,lo=1"; // the device was re-created
        assertThat(facts.collectFor(7, "10.0.0.2").routeNic().driver()).isEqualTo("ena-2");
    }

    @Test
    void aHostThatCannotTellIsReadForEveryScenario() {
        host.fingerprint = null;
        facts.collectFor(7, "10.0.0.2");
        facts.collectFor(7, "10.0.0.2");
        assertThat(host.readings).isEqualTo(2);
        assertThat(facts.collectFor(7, "10.0.0.2").routeInterface()).isEqualTo("eth0");
    }
}
