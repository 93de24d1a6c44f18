package com.burstline.contract;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What a latency measurement found, summed over its whole time: a scenario's loaded-latency probe
 * ({@link #LOADED_LATENCY}: idle and loaded round trips, and per direction how far the one-way delay rose above the
 * idle window's lowest) or a request/response scenario ({@link #REQUEST_RESPONSE}: its transactions, their rate and
 * both ends' CPU). Figures a kind does not measure are null.
 *
 * @param protocol          {@code UDP} for the probe, else the scenario's {@code UDP_RR} or {@code TCP_RR}
 * @param messageBytes      a request's payload (the probe's datagram, or the scenario's message)
 * @param flows             the probe's one flow, or the scenario's concurrent flows
 * @param ratePerSecond     the probe's requests a second
 * @param idleSeconds       the probe's window before the bulk traffic
 * @param timeoutMs         after how long an unanswered request counts lost; null where nothing is lost (TCP_RR)
 * @param measuredSeconds   the time the loaded or measured figures cover, the omitted start left out
 * @param uploadRise        loaded one-way delay from SUT to peer above the idle window's lowest (clocks of two hosts
 *                          differ by an unknown offset, which the difference cancels)
 * @param downloadRise      the same from peer to SUT
 * @param clientCpuPercent  the SUT's measuring process, user and system time over wall time, as iperf3 reports it
 * @param serverCpuPercent  the peer's, null when its end of the exchange never arrived
 */
public record LatencySummary(String kind, String protocol, int messageBytes, int flows, Double ratePerSecond,
                             Double idleSeconds, Double timeoutMs, Double measuredSeconds, LatencyStats idle,
                             LatencyStats loaded, LatencyStats transactions, LatencyStats uploadRise,
                             LatencyStats downloadRise, Double transactionsPerSecond, Double clientCpuPercent,
                             Double serverCpuPercent) {
    public static final String LOADED_LATENCY = "loaded-latency";
    public static final String REQUEST_RESPONSE = "request-response";
    public static final Set<String> KINDS = Set.of(LOADED_LATENCY, REQUEST_RESPONSE);
    private static final Set<String> PROTOCOLS = Set.of(Protocol.UDP.name(), Protocol.UDP_RR.name(),
            Protocol.TCP_RR.name());
    private static final Set<String> FIELDS = Set.of("kind", "protocol", "messageBytes", "flows", "ratePerSecond",
            "idleSeconds", "timeoutMs", "measuredSeconds", "idle", "loaded", "transactions", "uploadRise",
            "downloadRise", "transactionsPerSecond", "clientCpuPercent", "serverCpuPercent");
    private static final Limit FLOWS = new Limit("flows", 1, Scenario.STREAMS.max());
    private static final Limit SECONDS = new Limit("seconds", 0, 2 * 3600 + 600);
    private static final Limit PERCENT = new Limit("cpuPercent", 0, 100_000);
    private static final Limit RATE = new Limit("perSecond", 0, 1e9);

    public LatencySummary {
        if (!KINDS.contains(kind) || !PROTOCOLS.contains(protocol)) {
            throw new InvalidMessageException("a latency summary's kind must be one of " + KINDS
                    + " and its protocol one of " + PROTOCOLS);
        }
        Scenario.MESSAGE_BYTES.check(messageBytes);
        FLOWS.check(flows);
        checkOptional(RATE, ratePerSecond);
        checkOptional(SECONDS, idleSeconds);
        checkOptional(SECONDS, measuredSeconds);
        checkOptional(new Limit("timeoutMs", 0, 3_600_000), timeoutMs);
        checkOptional(RATE, transactionsPerSecond);
        checkOptional(PERCENT, clientCpuPercent);
        checkOptional(PERCENT, serverCpuPercent);
    }

    private static void checkOptional(Limit limit, Double value) {
        if (value != null) {
            limit.check(value);
        }
    }

    public boolean requestResponse() {
        return REQUEST_RESPONSE.equals(kind);
    }

    public static LatencySummary fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json).onlyKnown(FIELDS);
        return new LatencySummary(fields.requireChoice("kind", KINDS), fields.requireChoice("protocol", PROTOCOLS),
                fields.requireInt(Scenario.MESSAGE_BYTES), fields.requireInt(FLOWS),
                fields.optionalDouble("ratePerSecond"), fields.optionalDouble("idleSeconds"),
                fields.optionalDouble("timeoutMs"), fields.optionalDouble("measuredSeconds"),
                stats(fields, "idle"), stats(fields, "loaded"), stats(fields, "transactions"),
                stats(fields, "uploadRise"), stats(fields, "downloadRise"),
                fields.optionalDouble("transactionsPerSecond"), fields.optionalDouble("clientCpuPercent"),
                fields.optionalDouble("serverCpuPercent"));
    }

    private static LatencyStats stats(Fields fields, String name) {
        return LatencyStats.fromJsonOrNull(fields.object(name));
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("kind", kind);
        json.put("protocol", protocol);
        json.put("messageBytes", messageBytes);
        json.put("flows", flows);
        json.put("ratePerSecond", ratePerSecond);
        json.put("idleSeconds", idleSeconds);
        json.put("timeoutMs", timeoutMs);
        json.put("measuredSeconds", measuredSeconds);
        json.put("idle", idle == null ? null : idle.toJson());
        json.put("loaded", loaded == null ? null : loaded.toJson());
        json.put("transactions", transactions == null ? null : transactions.toJson());
        json.put("uploadRise", uploadRise == null ? null : uploadRise.toJson());
        json.put("downloadRise", downloadRise == null ? null : downloadRise.toJson());
        json.put("transactionsPerSecond", transactionsPerSecond);
        json.put("clientCpuPercent", clientCpuPercent);
        json.put("serverCpuPercent", serverCpuPercent);
        return json;
    }
}
