package com.burstline.server.run;

import com.burstline.contract.Direction;
import com.burstline.contract.HostDrops;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run's receiving host dropped of what arrived, as its own agent counted it over the run (after minus before,
 * {@link HostDrops}). A count is null when not known, with its reason in {@code unknown}; {@code reason} says why
 * nothing at all is known (an uploaded run, an agent that sent no counts). The field names are part of the API
 * ({@code receiverDrops} of {@code GET /api/v1/runs/{id}/environment}).
 *
 * @param host   the agent's name
 * @param role   {@code sut} or {@code peer}: the peer receives uploads, the SUT downloads, both a bidir run
 * @param source {@code agent} (the receiving agent's own before-and-after reading), {@code sut-counters} (a run
 *               measured before agents counted drops: the SUT's counter delta, which holds a few of them), or null
 *               when nothing is known
 * @param nicDrops the NIC driver's own receive-drop counters ({@code ethtool -S}) by their names
 */
public record ReceiverDrops(String host, String role, @JsonProperty("interface") String interfaceName, String source,
                            Long udpReceiveBufferErrors, Long udpInErrors, Long udp6ReceiveBufferErrors,
                            Long udp6InErrors, Long interfaceRxDropped, Long interfaceRxErrors,
                            Map<String, Long> nicDrops, Map<String, String> unknown, String reason) {
    public static final String SUT = "sut";
    public static final String PEER = "peer";
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Map<String, String> FIELDS = Map.of(HostDrops.UDP_RCVBUF_ERRORS, "udpReceiveBufferErrors",
            HostDrops.UDP_IN_ERRORS, "udpInErrors", HostDrops.UDP6_RCVBUF_ERRORS, "udp6ReceiveBufferErrors",
            HostDrops.UDP6_IN_ERRORS, "udp6InErrors", HostDrops.RX_DROPPED, "interfaceRxDropped",
            HostDrops.RX_ERRORS, "interfaceRxErrors");

    /** What the agent counted. */
    public static ReceiverDrops counted(String host, String role, HostDrops drops) {
        Map<String, Long> delta = drops.delta();
        Map<String, Long> nic = new LinkedHashMap<>();
        delta.forEach((name, count) -> {
            if (name.startsWith(HostDrops.NIC_PREFIX)) {
                nic.put(name.substring(HostDrops.NIC_PREFIX.length()), count);
            }
        });
        Map<String, String> unknown = new LinkedHashMap<>();
        drops.unknown().forEach((name, why) -> unknown.put(FIELDS.getOrDefault(name, "nicDrops"), why));
        FIELDS.forEach((name, field) -> {
            if (!delta.containsKey(name)) {
                unknown.putIfAbsent(field, "not in both readings (before and after)");
            }
        });
        return new ReceiverDrops(host, role, drops.interfaceName(), "agent", delta.get(HostDrops.UDP_RCVBUF_ERRORS),
                delta.get(HostDrops.UDP_IN_ERRORS), delta.get(HostDrops.UDP6_RCVBUF_ERRORS),
                delta.get(HostDrops.UDP6_IN_ERRORS), delta.get(HostDrops.RX_DROPPED), delta.get(HostDrops.RX_ERRORS),
                nic.isEmpty() ? null : nic, unknown, null);
    }

    /** Nothing known, and why. */
    public static ReceiverDrops unknown(String host, String role, String reason) {
        return new ReceiverDrops(host, role, null, null, null, null, null, null, null, null, null, Map.of(), reason);
    }

    /**
     * A run of the SUT measured before agents counted drops: its routed interface's counter delta holds the UDP
     * receive-buffer errors and the interface's drops ({@code {"interface", "delta"}}); null when it holds neither.
     */
    static ReceiverDrops fromSutCounters(String host, JsonNode nicCounters) {
        JsonNode delta = nicCounters == null ? null : nicCounters.path("delta");
        if (delta == null || !delta.isObject() || !(delta.path(HostDrops.UDP_RCVBUF_ERRORS).isIntegralNumber()
                || delta.path(HostDrops.RX_DROPPED).isIntegralNumber())) {
            return null;
        }
        Map<String, String> unknown = new LinkedHashMap<>();
        String why = "the SUT's counters of this run hold no such counter";
        for (String field : new String[] {"udpInErrors", "udp6ReceiveBufferErrors", "udp6InErrors",
                "interfaceRxErrors"}) {
            unknown.put(field, why);
        }
        return new ReceiverDrops(host, SUT, nicCounters.path("interface").isString()
                ? nicCounters.path("interface").stringValue() : null, "sut-counters",
                count(delta, HostDrops.UDP_RCVBUF_ERRORS), count(delta, HostDrops.UDP_IN_ERRORS), null, null,
                sum(count(delta, HostDrops.RX_DROPPED), count(delta, "rx_missed_errors")), null, null, unknown, null);
    }

    /**
     * What a run's own row says of its receiver: the SUT's counter delta, the receiver's only when the SUT received (a
     * download); null otherwise. The receiving agents' own counts are stored beside the run ({@link ReceivingHosts}).
     */
    static ReceiverDrops ofSut(Direction direction, String sut, String nicCounters) {
        return direction != Direction.DOWNLOAD || nicCounters == null ? null
                : fromSutCounters(sut, JSON.readTree(nicCounters));
    }

    /** Datagrams the UDP layer could not deliver (IPv4 and IPv6); null when neither is known. */
    @JsonProperty
    public Long datagramsDropped() {
        Long errors = sum(udpInErrors, udp6InErrors);
        return errors != null ? errors : sum(udpReceiveBufferErrors, udp6ReceiveBufferErrors);
    }

    /** Of them, those a full receive buffer dropped; null when not known (Windows does not count them apart). */
    public Long receiveBufferErrors() {
        return sum(udpReceiveBufferErrors, udp6ReceiveBufferErrors);
    }

    /** Packets the interface and its NIC dropped or refused on the way in; null when none of them is known. */
    @JsonProperty
    public Long interfaceDrops() {
        Long nic = nicDrops == null ? null : nicDrops.values().stream().mapToLong(Long::longValue).sum();
        return sum(sum(interfaceRxDropped, interfaceRxErrors), nic);
    }

    /** Whether any of its counts is known. */
    public boolean known() {
        return datagramsDropped() != null || interfaceDrops() != null;
    }

    /**
     * What it counted as dropped of a run's traffic: for UDP datagrams and packets, for TCP the packets alone (the UDP
     * layer's errors are other traffic's); 0 when nothing is known (see {@link #known()}).
     */
    @JsonIgnore
    public long total(boolean udp) {
        Long datagrams = udp ? datagramsDropped() : null;
        Long packets = interfaceDrops();
        return (datagrams == null ? 0 : datagrams) + (packets == null ? 0 : packets);
    }

    /** Whether the UDP layer's own counters were read: only then does "nothing grew" clear the receiver. */
    @JsonIgnore
    public boolean socketCounted() {
        return datagramsDropped() != null;
    }

    /** Whether it counted a drop. */
    @JsonProperty
    public boolean dropped() {
        return positive(datagramsDropped()) || positive(interfaceDrops());
    }

    private static boolean positive(Long count) {
        return count != null && count > 0;
    }

    private static Long count(JsonNode delta, String name) {
        return delta.path(name).isIntegralNumber() ? delta.path(name).longValue() : null;
    }

    private static Long sum(Long a, Long b) {
        if (a == null || b == null) {
            return a == null ? b : a; // not one ternary: its a + b branch would unbox a null
        }
        return a + b;
    }
}
