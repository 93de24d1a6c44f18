package com.burstline.agent;

import java.util.List;
import java.util.Map;

/**
 * The adapter a route leaves by, on Windows: {@code Find-NetRoute} gives the route's interface index (its first
 * object, the source address, carries it as the route does), {@code Get-NetAdapter -InterfaceIndex} the adapter,
 * whose name is what {@link WindowsPlatform#interfaces()} lists it under with its driver's description and version.
 */
final class WindowsRouteAdapter {
    private WindowsRouteAdapter() {
    }

    /** @param peerLiteral the peer's address as a PowerShell literal */
    static String command(String peerLiteral) {
        return "$index = (Find-NetRoute -RemoteIPAddress " + peerLiteral + " -ErrorAction Stop | Select-Object "
                + "-First 1).InterfaceIndex; Get-NetAdapter -InterfaceIndex $index -ErrorAction Stop | Select-Object "
                + "Name, InterfaceDescription, InterfaceIndex, DriverDescription, DriverVersionString | "
                + "ConvertTo-Json -Compress";
    }

    /** The adapter's name from {@link #command}'s output, or null when the route or its adapter is unknown. */
    static String name(String json) {
        List<Map<String, Object>> adapters = WindowsPlatform.objects(json);
        return adapters.size() == 1 && adapters.get(0).get("Name") instanceof String name && !name.isBlank()
                ? name.strip() : null;
    }
}
