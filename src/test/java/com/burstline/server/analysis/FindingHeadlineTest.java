package com.burstline.server.analysis;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A finding's headline is the answer the job page keeps in view and its detail what to check next, given apart by
 * the rule rather than cut out of one sentence: the cases the page's own splitting once got right, on real runs.
 */
class FindingHeadlineTest {

    @Test
    void theSendersHeadlineEndsAtItsFiguresNotInsideOneOrAParenthesis() {
        Finding sender = SenderLimitRule.of(RealRun.of("iperf3-312-udp-5g-upload.json", 1).summary()).orElseThrow();

        assertThat(sender.headline()).startsWith("Limited by the sender, not the network: it sent ")
                .contains(" Mbit/s of the 5.00 Gbit/s target, ").endsWith(" CPU).");
        assertThat(sender.detail()).startsWith("An emulated or single-threaded sender cannot reach the target: try "
                + "burstline-java (the agent's engine) or more streams (-P)").endsWith("any loss is of what was sent.");
        assertThat(sender.message()).isEqualTo(sender.headline() + " " + sender.detail());
    }

    @Test
    void lossOfUnknownCauseSaysSoAndTheCheckComesAfter() {
        Finding loss = PacketLossRule.of(RealRun.of("iperf3-312-udp-5g-upload.json", 1).summary()).orElseThrow();

        assertThat(loss.headline()).startsWith("The receiver lost ").contains("drop counters are not known (");
        assertThat(loss.detail()).startsWith("Check them next: receive buffer errors");
    }

    @Test
    void aOneSentenceFindingHasNoDetail() {
        Finding limit = LimitRules.percentOfLimit(RealRun.of("iperf3-312-udp-5g-upload.json", 1).summary())
                .orElseThrow();

        assertThat(limit.headline()).startsWith("Received ").endsWith(" baseline.");
        assertThat(limit.detail()).isEmpty();
        assertThat(limit.message()).isEqualTo(limit.headline());
    }
}
