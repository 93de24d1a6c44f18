package com.burstline.agent;

import com.burstline.contract.Fields;
import com.burstline.contract.NicFacts;
import com.burstline.contract.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Windows: PowerShell's {@code Get-NetAdapter}, {@code Find-NetRoute}, {@code Get-NetIPAddress},
 * {@code Get-NetAdapterStatistics}, the "ENA Packets Shaping" performance counter set and the UDP ones
 * ({@link WindowsDropCounters}). Values reach PowerShell only as single-quoted literals.
 */
final class WindowsPlatform implements HostPlatform {
    private static final String ADAPTERS = "Get-NetAdapter | Select-Object Name, DriverProvider, DriverVersionString,"
            + " DriverDescription, LinkSpeed, MtuSize | ConvertTo-Json -Compress";

    @Override
    public List<NicFacts> interfaces() {
        List<NicFacts> interfaces = new ArrayList<>();
        for (Map<String, Object> adapter : objects(powershell(ADAPTERS))) {
            Fields fields = new Fields(adapter);
            interfaces.add(new NicFacts(fields.optionalString("Name"), fields.optionalString("DriverDescription"),
                    fields.optionalString("DriverVersionString"), null,
                    WindowsLinkSpeed.toMbps(String.valueOf(adapter.get("LinkSpeed"))),
                    fields.optionalNumber("MtuSize"), List.of(), fields.optionalString("DriverDescription") == null
                    ? "Get-NetAdapter names no driver" : null));
        }
        return interfaces;
    }

    @Override
    public String routeInterface(String peerHost) {
        String alias = powershell("(Find-NetRoute -RemoteIPAddress " + literal(peerHost)
                + " | Select-Object -First 1).InterfaceAlias");
        return alias == null || alias.isBlank() ? null : alias.strip();
    }

    @Override
    public Map<String, Long> trafficCounters(String interfaceName) {
        Map<String, Long> counters = new LinkedHashMap<>();
        for (Map<String, Object> stats : objects(powershell("Get-NetAdapterStatistics -Name " + literal(interfaceName)
                + " | Select-Object ReceivedBytes, SentBytes, ReceivedUnicastPackets, SentUnicastPackets,"
                + " ReceivedDiscardedPackets, OutboundDiscardedPackets | ConvertTo-Json -Compress"))) {
            put(counters, "rx_bytes", stats.get("ReceivedBytes"));
            put(counters, "tx_bytes", stats.get("SentBytes"));
            put(counters, "rx_packets", stats.get("ReceivedUnicastPackets"));
            put(counters, "tx_packets", stats.get("SentUnicastPackets"));
            put(counters, "rx_dropped", stats.get("ReceivedDiscardedPackets"));
            put(counters, "tx_dropped", stats.get("OutboundDiscardedPackets"));
        }
        return counters;
    }

    /** The "ENA Packets Shaping" set is per host, not per adapter: summed over its instances. */
    @Override
    public Map<String, Long> allowanceCounters(String interfaceName) {
        Map<String, Long> counters = new LinkedHashMap<>();
        String shaping = powershell("(Get-Counter -Counter '\\ENA Packets Shaping(*)\\*' -ErrorAction Stop)"
                + ".CounterSamples | Select-Object Path, CookedValue | ConvertTo-Json -Compress");
        for (Map<String, Object> sample : objects(shaping)) {
            String name = EnaShapingCounters.canonicalName(String.valueOf(sample.get("Path")));
            if (name != null) {
                counters.merge(name, ((Number) sample.get("CookedValue")).longValue(), Long::sum);
            }
        }
        return counters;
    }

    @Override
    public DropReading dropCounters(String interfaceName) {
        DropReading udp = WindowsDropCounters.udp(objects(powershell(WindowsDropCounters.UDP_SCRIPT)));
        if (interfaceName == null) {
            return udp.and(DropReading.unknown("the interface the traffic arrives through is not known",
                    com.burstline.contract.HostDrops.RX_DROPPED, com.burstline.contract.HostDrops.RX_ERRORS));
        }
        return udp.and(WindowsDropCounters.adapter(objects(powershell(
                WindowsDropCounters.adapterScript(literal(interfaceName)))), interfaceName));
    }

    @Override
    public String interfaceOf(String localAddress) {
        String alias = powershell("(Get-NetIPAddress -IPAddress " + literal(localAddress)
                + " -ErrorAction Stop | Select-Object -First 1).InterfaceAlias");
        return alias == null || alias.isBlank() ? null : alias.strip();
    }

    @Override
    public boolean looksLikeEc2() {
        String maker = powershell("(Get-CimInstance -ClassName Win32_ComputerSystem).Manufacturer");
        return maker != null && maker.contains("Amazon");
    }

    private static void put(Map<String, Long> counters, String name, Object value) {
        if (value instanceof Number number) {
            counters.put(name, number.longValue());
        }
    }

    /** ConvertTo-Json prints one object bare and several as an array. */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> objects(String json) {
        if (json == null || json.isBlank()) {
            return List.of();
        }
        try {
            String wrapped = "{\"items\":" + json.strip() + "}";
            Object items = Json.parseObject(wrapped.getBytes(java.nio.charset.StandardCharsets.UTF_8)).get("items");
            if (items instanceof List<?> list) {
                return (List<Map<String, Object>>) list;
            }
            return items instanceof Map<?, ?> one ? List.of((Map<String, Object>) one) : List.of();
        } catch (IllegalArgumentException notJson) {
            return List.of();
        }
    }

    private static String powershell(String script) {
        return HostCommands.output(List.of("powershell.exe", "-NoProfile", "-NonInteractive", "-Command", script));
    }

    private static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }
}
