package com.burstline.server.hostconfig;

import com.burstline.contract.EnaCounters;
import tools.jackson.databind.JsonNode;

/**
 * How much of a run went over ENA Express (SRD), from the SUT's counters over the run ({@code counters.delta}): the
 * SRD packets sent against all packets sent and against those eligible for SRD, and the SRD packets received
 * against all received, as AWS's "Metrics for ENA Express" compares them. Null shares where a counter is missing
 * or nothing moved.
 */
public record EnaExpressShare(long srdTxPackets, long eligibleTxPackets, long srdRxPackets, Long txPackets,
                              Long rxPackets, Double sentPercent, Double eligibleSentPercent,
                              Double receivedPercent) {

    /** Null unless the counters hold ENA Express's (ENA driver 2.8 and later). */
    public static EnaExpressShare of(JsonNode nicCounters) {
        JsonNode delta = nicCounters == null ? null : nicCounters.path("delta");
        if (delta == null || !delta.path(EnaCounters.SRD_TX).isIntegralNumber()) {
            return null;
        }
        long srdTx = delta.path(EnaCounters.SRD_TX).longValue();
        long eligible = delta.path(EnaCounters.SRD_ELIGIBLE_TX).asLong(0);
        long srdRx = delta.path(EnaCounters.SRD_RX).asLong(0);
        Long tx = delta.path("tx_packets").isIntegralNumber() ? delta.path("tx_packets").longValue() : null;
        Long rx = delta.path("rx_packets").isIntegralNumber() ? delta.path("rx_packets").longValue() : null;
        return new EnaExpressShare(srdTx, eligible, srdRx, tx, rx, percent(srdTx, tx), percent(srdTx, eligible),
                percent(srdRx, rx));
    }

    private static Double percent(long part, Long whole) {
        return whole == null || whole <= 0 ? null : Math.min(100.0, 100.0 * part / whole);
    }
}
