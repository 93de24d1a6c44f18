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
    /** Runs one PowerShell command and gives its output, or null when it failed. */
    interface PowerShell {
        String run(String command);
    }

    private final PowerShell powershell;

    WindowsPlatform() {
        this(WindowsPlatform::powershell);
    }

    WindowsPlatform(PowerShell powershell) {
        this.powershell = powershell;
    }

    private static final String ADAPTERS = "Get-NetAdapter | Select-Object Name, DriverProvider, DriverVersionString,"
            + " DriverDescription, LinkSpeed, MtuSize | ConvertTo-Json -Compress";

    @Override
    public List<NicFacts> interfaces() {
        List<NicFacts> interfaces = new ArrayList<>();
        for (Map<String, Object> adapter : objects(powershell.run(ADAPTERS))) {
            Fields fields = new Fields(adapter);
            interfaces.add(new NicFacts(fields.optionalString("Name"), fields.optionalString("DriverDescription"),
                    fields.optionalString("DriverVersionString"), null,
                    WindowsLinkSpeed.toMbps(String.valueOf(adapter.get("LinkSpeed"))),
                    fields.optionalNumber("MtuSize"), List.of(), fields.optionalString("DriverDescription") == null
                    ? "Get-NetAdapter names no driver" : null));
        }
        return interfaces;
    }

    /** The adapter the route to the peer leaves by, found by its interface index (an alias can be renamed). */
    @Override
    public String routeInterface(String peerHost) {
        return WindowsRouteAdapter.name(powershell.run(WindowsRouteAdapter.command(literal(peerHost))));
    }

    @Override
    public Map<String, Long> trafficCounters(String interfaceName) {
        Map<String, Long> counters = new LinkedHashMap<>();
        for (Map<String, Object> stats : objects(powershell.run("Get-NetAdapterStatistics -Name " + literal(interfaceName)
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

    /** The "ENA Packets Shaping" set has an instance per ENA adapter: only this adapter's is read. */
    @Override
    public Map<String, Long> allowanceCounters(String interfaceName) {
        return EnaShapingCounters.ofAdapter(powershell.run(EnaShapingCounters.command(literal(interfaceName))));
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
        String maker = powershell.run("(Get-CimInstance -ClassName Win32_ComputerSystem).Manufacturer");
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

    /**
     * A command, never a script file; the process's own execution policy is Bypass, since under Windows' default
     * (Restricted) even the modules of Get-NetAdapter and Find-NetRoute may not load their script files.
     */
    private static String powershell(String script) {
        return HostCommands.output(List.of("powershell.exe", "-NoProfile", "-NonInteractive", "-ExecutionPolicy",
                "Bypass", "-Command", script));
    }

    private static String literal(String value) {
        return "'" + value.replace("'", "''") + "'";
    }
}
