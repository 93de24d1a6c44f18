package com.burstline.agent;

import com.burstline.contract.NicFacts;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Linux: {@code /sys/class/net}, {@code ethtool -i / -S} when installed, and {@code ip route get}. */
final class LinuxPlatform implements HostPlatform {
    private static final Path SYS_NET = Path.of("/sys/class/net");
    private static final List<String> STATISTICS = List.of("rx_bytes", "tx_bytes", "rx_packets", "tx_packets",
            "rx_dropped", "tx_dropped", "rx_errors", "tx_errors", "rx_missed_errors");
    private static final Pattern ROUTE_DEVICE = Pattern.compile("\\bdev (\\S+)");

    private final LinuxDriver drivers = new LinuxDriver(Path.of("/sys"), HostCommands::installedOutput);
    private final LinuxDropCounters drops = new LinuxDropCounters(Path.of("/proc"), HostCommands::installedOutput);

    @Override
    public List<NicFacts> interfaces() {
        List<NicFacts> interfaces = new ArrayList<>();
        try (Stream<Path> names = Files.list(SYS_NET)) {
            names.map(path -> path.getFileName().toString()).sorted().forEach(name -> interfaces.add(describe(name)));
        } catch (IOException noSysfs) {
            return List.of();
        }
        return interfaces;
    }

    /** Names and ifindexes: the kernel gives a re-registered device (a reloaded driver) a new ifindex. */
    @Override
    public String interfacesFingerprint() {
        try (Stream<Path> names = Files.list(SYS_NET)) {
            return names.sorted().map(path -> path.getFileName() + "=" + readText(path.resolve("ifindex")))
                    .collect(java.util.stream.Collectors.joining(","));
        } catch (IOException noSysfs) {
            return null;
        }
    }

    @Override
    public String routeInterface(String peerHost) {
        String route = HostCommands.output(List.of("ip", "route", "get", peerHost));
        if (route == null) {
            return null;
        }
        Matcher matcher = ROUTE_DEVICE.matcher(route);
        return matcher.find() ? matcher.group(1) : null;
    }

    @Override
    public Map<String, Long> trafficCounters(String interfaceName) {
        Map<String, Long> counters = new LinkedHashMap<>();
        for (String statistic : STATISTICS) {
            Long value = readLong(SYS_NET.resolve(interfaceName).resolve("statistics").resolve(statistic));
            if (value != null) {
                counters.put(statistic, value);
            }
        }
        counters.putAll(udpCounters(readText(Path.of("/proc/net/snmp"))));
        return counters;
    }

    /**
     * The namespace's UDP counters ({@link LinuxDropCounters#udp}): a UDP receiver whose socket buffer overflows
     * counts it there, not on the NIC, whose rx_dropped stays unchanged. Empty when there are none.
     */
    static Map<String, Long> udpCounters(String snmp) {
        return snmp == null ? new LinkedHashMap<>() : new LinkedHashMap<>(LinuxDropCounters.udp(snmp).values());
    }

    @Override
    public Map<String, Long> allowanceCounters(String interfaceName) {
        return allowance(drops.statistics(interfaceName));
    }

    private static Map<String, Long> allowance(LinuxDropCounters.Statistics statistics) {
        return statistics.output() == null ? Map.of() : EthtoolOutput.allowanceCounters(statistics.output());
    }

    @Override
    public DropReading dropCounters(String interfaceName) {
        return drops.read(interfaceName);
    }

    /** One {@code ethtool -S} gives both ENA's allowance counters and the driver's drop counters. */
    @Override
    public CounterSnapshot snapshot(String interfaceName) {
        if (interfaceName == null) {
            return HostPlatform.super.snapshot(null);
        }
        LinuxDropCounters.Statistics statistics = drops.statistics(interfaceName);
        Map<String, Long> counters = new LinkedHashMap<>(trafficCounters(interfaceName));
        counters.putAll(allowance(statistics));
        return new CounterSnapshot(interfaceName, counters, drops.read(interfaceName, statistics));
    }

    @Override
    public boolean looksLikeEc2() {
        String vendor = readText(Path.of("/sys/devices/virtual/dmi/id/sys_vendor"));
        String hypervisor = readText(Path.of("/sys/hypervisor/uuid"));
        return (vendor != null && vendor.contains("Amazon")) || (hypervisor != null && hypervisor.startsWith("ec2"));
    }

    private NicFacts describe(String name) {
        LinuxDriver.Answer driver = drivers.of(name);
        Long speed = readLong(SYS_NET.resolve(name).resolve("speed"));
        return new NicFacts(name, driver.name(), driver.version(), driver.firmwareVersion(),
                speed == null || speed <= 0 ? null : speed, readLong(SYS_NET.resolve(name).resolve("mtu")),
                addresses(name), driver.unknownReason());
    }

    private static List<String> addresses(String name) {
        try {
            NetworkInterface nic = NetworkInterface.getByName(name);
            if (nic == null) {
                return List.of();
            }
            return Collections.list(nic.getInetAddresses()).stream().map(InetAddress::getHostAddress)
                    .map(address -> address.replaceAll("%.*$", "")).toList();
        } catch (SocketException e) {
            return List.of();
        }
    }

    private static Long readLong(Path file) {
        String text = readText(file);
        try {
            return text == null ? null : Long.parseLong(text);
        } catch (NumberFormatException notANumber) {
            return null;
        }
    }

    private static String readText(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException | RuntimeException unreadable) {
            return null; // e.g. reading "speed" of a virtual device fails with EINVAL
        }
    }
}
