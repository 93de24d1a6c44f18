package com.burstline.agent;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static com.burstline.contract.HostDrops.NIC_PREFIX;
import static com.burstline.contract.HostDrops.RX_DROPPED;
import static com.burstline.contract.HostDrops.RX_ERRORS;
import static com.burstline.contract.HostDrops.UDP6_IN_ERRORS;
import static com.burstline.contract.HostDrops.UDP6_RCVBUF_ERRORS;
import static com.burstline.contract.HostDrops.UDP_IN_ERRORS;
import static com.burstline.contract.HostDrops.UDP_RCVBUF_ERRORS;

/**
 * Windows' receive-drop counters: the UDPv4 and UDPv6 performance objects' "Datagrams Received Errors" (a raw
 * count, which holds datagrams a full receive buffer dropped) and the adapter's received-discarded and
 * received-error packets ({@code Get-NetAdapterStatistics}). Windows keeps no receive-buffer count of its own and no
 * ethtool, so those are unknown with the reason.
 */
final class WindowsDropCounters {
    static final String UDP_SCRIPT = "(Get-Counter -Counter '\\UDPv4\\Datagrams Received Errors',"
            + "'\\UDPv6\\Datagrams Received Errors' -ErrorAction Stop).CounterSamples"
            + " | Select-Object Path, CookedValue | ConvertTo-Json -Compress";
    private static final Map<String, String> BY_COUNTER_PATH = Map.of(
            "udpv4\\datagrams received errors", UDP_IN_ERRORS,
            "udpv6\\datagrams received errors", UDP6_IN_ERRORS);

    private WindowsDropCounters() {
    }

    /** The adapter's statistics for one interface alias; the alias reaches PowerShell as a quoted literal. */
    static String adapterScript(String literalAlias) {
        return "Get-NetAdapterStatistics -Name " + literalAlias
                + " | Select-Object ReceivedDiscardedPackets, ReceivedPacketErrors | ConvertTo-Json -Compress";
    }

    /**
     * Get-Counter's samples, e.g. {@code [{"Path":"\\\\host\\udpv4\\datagrams received errors","CookedValue":3}]}.
     * Counter names are localized: a Windows in another language has none of these, and says so.
     */
    static DropReading udp(List<Map<String, Object>> samples) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (Map<String, Object> sample : samples) {
            String path = String.valueOf(sample.get("Path")).toLowerCase(Locale.ROOT);
            BY_COUNTER_PATH.forEach((suffix, name) -> {
                if (path.endsWith(suffix) && sample.get("CookedValue") instanceof Number number
                        && number.doubleValue() >= 0) {
                    values.put(name, number.longValue());
                }
            });
        }
        DropReading reading = DropReading.of(values).and(DropReading.unknown("Windows counts no receive-buffer "
                + "errors apart: they are among the Datagrams Received Errors", UDP_RCVBUF_ERRORS,
                UDP6_RCVBUF_ERRORS));
        for (String name : List.of(UDP_IN_ERRORS, UDP6_IN_ERRORS)) {
            if (!values.containsKey(name)) {
                reading = reading.and(DropReading.unknown("Get-Counter gave no \\" + (name.equals(UDP_IN_ERRORS)
                        ? "UDPv4" : "UDPv6") + "\\Datagrams Received Errors (the counter is missing, or this "
                        + "Windows names its counters in another language)", name));
            }
        }
        return reading;
    }

    /** {@code Get-NetAdapterStatistics}' {@code ReceivedDiscardedPackets} and {@code ReceivedPacketErrors}. */
    static DropReading adapter(List<Map<String, Object>> statistics, String interfaceName) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (Map<String, Object> adapter : statistics) {
            if (adapter.get("ReceivedDiscardedPackets") instanceof Number discarded) {
                values.put(RX_DROPPED, discarded.longValue());
            }
            if (adapter.get("ReceivedPacketErrors") instanceof Number errors) {
                values.put(RX_ERRORS, errors.longValue());
            }
        }
        DropReading reading = DropReading.of(values).and(DropReading.unknown("Windows has no ethtool; the "
                + "adapter's discards are rx_dropped", NIC_PREFIX + "rx"));
        for (String name : List.of(RX_DROPPED, RX_ERRORS)) {
            if (!values.containsKey(name)) {
                reading = reading.and(DropReading.unknown("Get-NetAdapterStatistics gave no statistics for "
                        + interfaceName, name));
            }
        }
        return reading;
    }
}
