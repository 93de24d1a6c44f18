package com.burstline.server.run;

import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which hosts of a run received its traffic, each with what it counted of its own drops ({@link ReceiverDrops}): the
 * peer receives an upload, the SUT a download, both a bidir run (the peer its forward direction, listed first).
 */
public final class ReceivingHosts {
    private ReceivingHosts() {
    }

    /**
     * @param stored      what the run's agents counted, by role ({@link HostDropsStore}); empty when none
     * @param nicCounters the SUT's counter delta over the run, read for a download measured before agents counted
     *                    drops; null for uploaded runs
     */
    public static List<ReceiverDrops> of(RunSummary run, Map<String, ReceiverDrops> stored, JsonNode nicCounters) {
        List<ReceiverDrops> receivers = new ArrayList<>();
        if (!"download".equals(run.direction())) {
            receivers.add(host(run, ReceiverDrops.PEER, run.peer(), stored, null));
        }
        if (!"upload".equals(run.direction())) {
            receivers.add(host(run, ReceiverDrops.SUT, run.sut(), stored, nicCounters));
        }
        return receivers;
    }

    private static ReceiverDrops host(RunSummary run, String role, String name, Map<String, ReceiverDrops> stored,
                                      JsonNode nicCounters) {
        ReceiverDrops counted = stored.get(role);
        if (counted != null) {
            return counted;
        }
        ReceiverDrops older = ReceiverDrops.fromSutCounters(name, nicCounters);
        if (older != null) {
            return older;
        }
        return ReceiverDrops.unknown(name, role, run.jobId() == null && nicCounters == null
                ? "no agent measured this run (it was uploaded), so no host counted its drops"
                : "agent " + name + " sent no drop counts for this run (an agent older than its server, or a "
                        + "result that came after its scenario had ended)");
    }
}
