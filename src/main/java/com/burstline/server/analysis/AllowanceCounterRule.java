package com.burstline.server.analysis;

import com.burstline.server.run.FigureText;
import com.burstline.contract.EnaCounters;
import com.burstline.server.catalog.FindingKind;
import com.burstline.server.run.RunSummary;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * allowance-exceeded, measured: ENA counts the packets it queued or dropped because the instance went over one of its
 * allowances, and the SUT agent reports how much each counter grew during the run ({@code counters.delta}). Any
 * growth means EC2 shaped the traffic, so the figure is the instance's limit, not what the driver can do.
 */
final class AllowanceCounterRule {
    /** What each of ENA's allowance counters (the contract's names) counts, in words for the finding. */
    static final Map<String, String> COUNTERS = Map.of(
            EnaCounters.BW_IN, "the inbound bandwidth allowance",
            EnaCounters.BW_OUT, "the outbound bandwidth allowance",
            EnaCounters.PPS, "the packets-per-second allowance",
            EnaCounters.CONNTRACK, "the connection-tracking allowance",
            EnaCounters.LINKLOCAL, "the packet rate allowance to link-local services (DNS, IMDS, NTP)");
    private static final List<String> ORDER = EnaCounters.ALLOWANCE;
    private static final List<String> SHAPING = EnaCounters.SHAPING;

    private AllowanceCounterRule() {
    }

    /** @param nicCounters the agent's {@code {"interface", "delta": {…}}}; null for uploaded runs */
    static Optional<Finding> of(RunSummary run, JsonNode nicCounters) {
        JsonNode delta = nicCounters == null ? null : nicCounters.path("delta");
        if (delta == null || !delta.isObject()) {
            return Optional.empty();
        }
        Map<String, Long> exceeded = new LinkedHashMap<>();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("source", "nic-counters");
        data.put("interface", nicCounters.path("interface").stringValue(null));
        for (String counter : ORDER) {
            if (delta.path(counter).isIntegralNumber()) {
                long grew = delta.path(counter).longValue();
                data.put(counter, grew);
                if (grew > 0) {
                    exceeded.put(counter, grew);
                }
            }
        }
        if (exceeded.isEmpty()) {
            return Optional.empty();
        }
        data.put("exceeded", List.copyOf(exceeded.keySet()));
        data.put("receivedBitsPerSecond", run.figures().receivedBitsPerSecond());
        data.put("instanceType", run.labels().instanceType());
        String nic = (String) data.get("interface");
        return Optional.of(Finding.of(run.id(), FindingKind.ALLOWANCE_EXCEEDED, headline(exceeded, nic),
                detail(run, exceeded), data));
    }

    private static String headline(Map<String, Long> exceeded, String nic) {
        List<String> parts = new ArrayList<>();
        exceeded.forEach((counter, grew) -> parts.add(String.format(Locale.ROOT, "%s grew by %,d (packets queued "
                + "or dropped for going over %s)", counter, grew, COUNTERS.get(counter))));
        return "The NIC counters" + (nic == null ? "" : " of " + nic) + " show EC2 shaping this run: "
                + String.join("; ", parts) + ".";
    }

    private static String detail(RunSummary run, Map<String, Long> exceeded) {
        String instance = run.labels().instanceType() == null ? "the instance" : "the " + run.labels().instanceType();
        if (exceeded.keySet().stream().anyMatch(SHAPING::contains)) {
            return "The instance's bandwidth/PPS allowance shaped the traffic, so the "
                    + FigureText.rate(run.figures().receivedBitsPerSecond()) + " measured is " + instance
                    + "'s limit, not the driver's. Compare drivers below the allowance (shorter runs, fewer streams, "
                    + "or a larger instance), or read this figure as the instance's ceiling.";
        }
        return "Packets were dropped by " + instance + "'s allowance, not by the driver; reduce new connections or "
                + "link-local traffic during the test before comparing drivers.";
    }
}
