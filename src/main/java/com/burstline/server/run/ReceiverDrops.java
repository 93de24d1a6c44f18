package com.burstline.server.run;

import com.burstline.contract.Direction;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the receiving host dropped of what reached it during a run, as its counters grew: the UDP socket's
 * receive-buffer errors ({@code udp_rcvbuf_errors}, /proc/net/snmp's RcvbufErrors) and the interface's rx drops. A
 * measurement without them (null) does not know who dropped its lost datagrams. Today the SUT agent counts its own
 * host, so a job's downloads have them; the receiving peer's counts of an upload arrive with the agents' drop
 * counters (issue 29), through {@link #of(Map)}. The field names are part of the API.
 */
public record ReceiverDrops(Map<String, Long> grown) {
    /** The counters that count datagrams the receiving host dropped, socket first. */
    public static final List<String> COUNTERS = List.of("udp_rcvbuf_errors", "rx_dropped", "rx_missed_errors");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    public ReceiverDrops {
        grown = Map.copyOf(grown);
    }

    /** The counts given, by counter name; null when none of {@link #COUNTERS} was counted. */
    public static ReceiverDrops of(Map<String, Long> counted) {
        Map<String, Long> known = new LinkedHashMap<>();
        COUNTERS.forEach(name -> {
            if (counted.get(name) != null) {
                known.put(name, counted.get(name));
            }
        });
        return known.isEmpty() ? null : new ReceiverDrops(known);
    }

    /**
     * The SUT agent's counters over a run ({@code {"interface", "delta": {…}}}): the receiver's only when the SUT
     * received, a download; null otherwise or when nothing was counted.
     */
    static ReceiverDrops ofSut(Direction direction, String nicCounters) {
        if (direction != Direction.DOWNLOAD || nicCounters == null) {
            return null;
        }
        JsonNode delta = JSON.readTree(nicCounters).path("delta");
        Map<String, Long> counted = new LinkedHashMap<>();
        COUNTERS.forEach(name -> {
            if (delta.path(name).isIntegralNumber()) {
                counted.put(name, delta.path(name).longValue());
            }
        });
        return of(counted);
    }

    /** Everything the counters say the receiver dropped. */
    public long total() {
        return grown.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Whether the socket's own counter was read: only then does "nothing grew" clear the receiver. */
    public boolean socketCounted() {
        return grown.containsKey(COUNTERS.get(0));
    }
}
