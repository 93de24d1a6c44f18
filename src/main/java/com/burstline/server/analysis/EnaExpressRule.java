package com.burstline.server.analysis;

import com.burstline.contract.EnaCounters;
import com.burstline.server.hostconfig.ConfigUse;
import com.burstline.server.hostconfig.EnaExpressShare;
import com.burstline.server.run.RunSummary;
import tools.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * ena-express-unused: the SUT had ENA Express on for this run's protocol ({@code ena_srd_mode} 1 or 3 for TCP, 3
 * for UDP, read before the run), yet its SRD counters show the run's packets did not go over SRD. AWS: packets are
 * eligible only when both instances have ENA Express on, in the same subnet, without a middlebox; eligible packets
 * fall back to standard ENA when the SRD resources near 100 % utilisation, when they are over the MTU limit, or
 * during live migration. Minor gaps while a connection is set up are ignored: under {@value #ELIGIBLE_PERCENT}% of
 * the eligible packets sent over SRD, or under {@value #RECEIVED_PERCENT}% of those received, is a finding.
 */
final class EnaExpressRule {
    static final double ELIGIBLE_PERCENT = 90;
    static final double RECEIVED_PERCENT = 50;
    /** AWS: "As utilization approaches 100%, … ENA Express falls back from SRD to standard ENA transmission." */
    static final long NEAR_FULL_PERCENT = 90;

    private EnaExpressRule() {
    }

    /** @param sut the SUT's configuration as read before the run; null when none was read */
    static Optional<Finding> of(RunSummary run, JsonNode nicCounters, ConfigUse sut) {
        EnaExpressShare share = EnaExpressShare.of(nicCounters);
        String mode = sut == null ? null : sut.fact("ena.srdMode");
        if (share == null || mode == null || !meant(mode, run.protocol())) {
            return Optional.empty();
        }
        Long utilisation = sut.readings().get(EnaCounters.SRD_RESOURCE_UTILIZATION);
        boolean sends = !"download".equals(run.direction());
        String why = null;
        if (sends && share.txPackets() != null && share.txPackets() > 0) {
            why = sending(share, utilisation);
        }
        if (why == null && !"upload".equals(run.direction()) && share.receivedPercent() != null
                && share.receivedPercent() < RECEIVED_PERCENT) {
            why = String.format(Locale.ROOT, "only %.1f%% of the %,d packets it received came over SRD: the peer "
                    + "sends over SRD only with ENA Express on for its own network interface too",
                    share.receivedPercent(), share.rxPackets());
        }
        if (why == null) {
            return Optional.empty();
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("srdMode", Integer.parseInt(mode));
        data.put("sentPercent", share.sentPercent());
        data.put("eligibleSentPercent", share.eligibleSentPercent());
        data.put("receivedPercent", share.receivedPercent());
        data.put(EnaCounters.SRD_TX, share.srdTxPackets());
        data.put(EnaCounters.SRD_ELIGIBLE_TX, share.eligibleTxPackets());
        data.put(EnaCounters.SRD_RX, share.srdRxPackets());
        data.put(EnaCounters.SRD_RESOURCE_UTILIZATION, utilisation);
        return Optional.of(new Finding(run.id(), "ena-express-unused", Finding.WARNING, "ENA Express was on for "
                + run.protocol() + " on " + run.sut() + " (ena_srd_mode " + mode + "), but " + why + ". This run "
                + "measured standard ENA, not ENA Express: compare it with runs that did use SRD only knowing that.",
                data));
    }

    /** Mode 1: ENA Express on, UDP off; 3: both on; 2: off (UDP's earlier setting kept); 0: off. */
    static boolean meant(String mode, String protocol) {
        return "UDP".equals(protocol) ? mode.equals("3") : mode.equals("1") || mode.equals("3");
    }

    private static String sending(EnaExpressShare share, Long utilisation) {
        if (share.eligibleTxPackets() == 0) {
            return String.format(Locale.ROOT, "none of the %,d packets it sent were even eligible for SRD: the peer "
                    + "needs ENA Express on too, in the same subnet, with no middlebox on the path", share.txPackets());
        }
        if (share.eligibleSentPercent() == null || share.eligibleSentPercent() >= ELIGIBLE_PERCENT) {
            return null;
        }
        String sent = String.format(Locale.ROOT, "only %.1f%% of the %,d eligible packets it sent went over SRD",
                share.eligibleSentPercent(), share.eligibleTxPackets());
        if (utilisation != null && utilisation >= NEAR_FULL_PERCENT) {
            return sent + " while its SRD resource utilisation was " + utilisation + " % when the run started: ENA "
                    + "Express falls back to standard ENA as utilisation nears 100 %";
        }
        return sent + " (eligible packets fall back when they are over the MTU limit, or during a live migration)";
    }
}
