package com.burstline.agent;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import static com.burstline.contract.HostDrops.NIC_PREFIX;
import static com.burstline.contract.HostDrops.RX_DROPPED;
import static com.burstline.contract.HostDrops.RX_ERRORS;
import static com.burstline.contract.HostDrops.UDP6_IN_ERRORS;
import static com.burstline.contract.HostDrops.UDP6_RCVBUF_ERRORS;
import static com.burstline.contract.HostDrops.UDP_IN_ERRORS;
import static com.burstline.contract.HostDrops.UDP_RCVBUF_ERRORS;

/**
 * Linux's receive-drop counters, all readable without root and all of the agent's own network namespace: the UDP
 * layer's ({@code /proc/net/snmp}, {@code /proc/net/snmp6}), the interface's ({@code /proc/net/dev}) and the NIC
 * driver's own drop counters ({@code ethtool -S}, where it has any).
 */
final class LinuxDropCounters {
    /** The files are a few KiB; a host with thousands of interfaces still fits. */
    private static final int MAX_FILE_BYTES = 1 << 20;
    /** A driver's receive-drop counters by name: ENA's rx_drops, veth's rx_queue_0_drops, mlx5's rx_discards_phy. */
    private static final Pattern NIC_DROP = Pattern.compile(".*rx.*(drop|discard|miss|overrun).*");
    private static final int MAX_NIC_COUNTERS = 32;
    /** A per-queue counter's name holds its queue's number: rx0_drops, rx_queue_0_drops, queue_3_rx_xdp_drop. */
    private static final Pattern QUEUE = Pattern.compile("\\d");
    private static final Map<String, String> UDP = Map.of("RcvbufErrors", UDP_RCVBUF_ERRORS,
            "InErrors", UDP_IN_ERRORS);
    private static final Map<String, String> UDP6 = Map.of("Udp6RcvbufErrors", UDP6_RCVBUF_ERRORS,
            "Udp6InErrors", UDP6_IN_ERRORS);

    private final Path proc;
    private final LinuxDriver.Commands commands;

    LinuxDropCounters(Path proc, LinuxDriver.Commands commands) {
        this.proc = proc;
        this.commands = commands;
    }

    /** Everything this host counts for the interface (null: not known, so its own counters are unknown). */
    DropReading read(String interfaceName) {
        if (interfaceName == null) {
            return udpLayer().and(DropReading.unknown("the interface the traffic arrives through is not known",
                    RX_DROPPED, RX_ERRORS, NIC_PREFIX + "rx"));
        }
        return read(interfaceName, statistics(interfaceName));
    }

    /** As {@link #read(String)}, with the interface's {@code ethtool -S} read already. */
    DropReading read(String interfaceName, Statistics statistics) {
        DropReading device = file("net/dev", dev -> interfaceRx(dev, interfaceName), RX_DROPPED, RX_ERRORS);
        return udpLayer().and(device).and(statistics.output() == null
                ? DropReading.unknown(statistics.whyNot(), NIC_PREFIX + "rx")
                : nicDrops(statistics.output(), interfaceName));
    }

    private DropReading udpLayer() {
        return file("net/snmp", LinuxDropCounters::udp, UDP_RCVBUF_ERRORS, UDP_IN_ERRORS)
                .and(file("net/snmp6", LinuxDropCounters::udp6, UDP6_RCVBUF_ERRORS, UDP6_IN_ERRORS));
    }

    /** The "Udp:" header and value lines; a receiver whose socket buffer overflows counts it here, not on the NIC. */
    static DropReading udp(String snmp) {
        List<String[]> lines = snmp.lines().filter(line -> line.startsWith("Udp:"))
                .map(line -> line.substring(4).strip().split("\\s+")).toList();
        if (lines.size() < 2 || lines.get(0).length != lines.get(1).length) {
            return DropReading.unknown("/proc/net/snmp has no Udp: lines", UDP_RCVBUF_ERRORS, UDP_IN_ERRORS);
        }
        Map<String, Long> values = new LinkedHashMap<>();
        for (int i = 0; i < lines.get(0).length; i++) {
            String name = UDP.get(lines.get(0)[i]);
            Long value = count(lines.get(1)[i]);
            if (name != null && value != null) {
                values.put(name, value);
            }
        }
        return missing(values, "/proc/net/snmp has no Udp: ", UDP_RCVBUF_ERRORS, UDP_IN_ERRORS);
    }

    /** {@code Udp6InErrors   12} lines. */
    static DropReading udp6(String snmp6) {
        Map<String, Long> values = new LinkedHashMap<>();
        snmp6.lines().map(line -> line.strip().split("\\s+")).filter(parts -> parts.length == 2)
                .forEach(parts -> {
                    String name = UDP6.get(parts[0]);
                    Long value = count(parts[1]);
                    if (name != null && value != null) {
                        values.put(name, value);
                    }
                });
        return missing(values, "/proc/net/snmp6 has no ", UDP6_RCVBUF_ERRORS, UDP6_IN_ERRORS);
    }

    /**
     * The interface's line of {@code /proc/net/dev}: after "name:", received bytes, packets, errs, drop, fifo, … The
     * kernel's drop column holds rx_dropped and rx_missed_errors together.
     */
    static DropReading interfaceRx(String dev, String interfaceName) {
        for (String line : dev.lines().toList()) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equals(interfaceName)) {
                String[] fields = line.substring(colon + 1).strip().split("\\s+");
                Long errors = fields.length > 3 ? count(fields[2]) : null;
                Long dropped = fields.length > 3 ? count(fields[3]) : null;
                if (errors != null && dropped != null) {
                    return DropReading.of(Map.of(RX_ERRORS, errors, RX_DROPPED, dropped));
                }
            }
        }
        return DropReading.unknown("/proc/net/dev has no line for " + interfaceName, RX_DROPPED, RX_ERRORS);
    }

    /**
     * The driver's own receive-drop counters from {@code ethtool -S}, under
     * {@link com.burstline.contract.HostDrops#NIC_PREFIX}. Where the driver prints totals beside per-queue counters
     * (virtio_net's rx_drops and rx0_drops, ENA's rx_drops), only the totals, so that no drop counts twice; a driver
     * with per-queue counters alone (veth's rx_queue_0_drops) keeps those.
     */
    static DropReading nicDrops(String ethtool, String interfaceName) {
        Map<String, Long> matching = new LinkedHashMap<>();
        for (String line : ethtool.split("\n")) {
            int colon = line.lastIndexOf(':');
            String name = colon < 0 ? "" : line.substring(0, colon).strip().toLowerCase(Locale.ROOT)
                    .replaceAll("[^a-z0-9_.]", "_");
            Long value = colon < 0 ? null : count(line.substring(colon + 1).strip());
            if (value != null && !name.isEmpty() && name.length() <= 60 && NIC_DROP.matcher(name).matches()) {
                matching.put(name, value);
            }
        }
        boolean totals = matching.keySet().stream().anyMatch(name -> !QUEUE.matcher(name).find());
        Map<String, Long> values = new LinkedHashMap<>();
        matching.forEach((name, value) -> {
            if ((!totals || !QUEUE.matcher(name).find()) && values.size() < MAX_NIC_COUNTERS) {
                values.put(NIC_PREFIX + name, value);
            }
        });
        return values.isEmpty() ? DropReading.unknown("ethtool -S " + interfaceName + " lists no receive-drop "
                + "counter", NIC_PREFIX + "rx") : DropReading.of(values);
    }

    /** An interface's {@code ethtool -S} output, or why there is none. */
    record Statistics(String output, String whyNot) {
    }

    Statistics statistics(String interfaceName) {
        String output;
        try {
            output = commands.output(List.of("ethtool", "-S", interfaceName));
        } catch (IOException notInstalled) {
            return new Statistics(null, "ethtool is not installed");
        }
        return output == null ? new Statistics(null, "ethtool -S " + interfaceName + " failed (its driver has no "
                + "statistics)") : new Statistics(output, null);
    }

    private interface Reader {
        DropReading read(String text);
    }

    private DropReading file(String name, Reader reader, String... counters) {
        Path file = proc.resolve(name);
        try (InputStream in = Files.newInputStream(file)) {
            return reader.read(new String(in.readNBytes(MAX_FILE_BYTES), StandardCharsets.UTF_8));
        } catch (NoSuchFileException absent) {
            return DropReading.unknown("this host has no " + file + (name.endsWith("6") ? " (IPv6 is off)" : ""),
                    counters);
        } catch (IOException | RuntimeException unreadable) {
            return DropReading.unknown(file + " could not be read: " + unreadable.getMessage(), counters);
        }
    }

    private static DropReading missing(Map<String, Long> values, String where, String... counters) {
        DropReading reading = DropReading.of(values);
        for (String counter : counters) {
            if (!values.containsKey(counter)) {
                reading = reading.and(DropReading.unknown(where + counter, counter));
            }
        }
        return reading;
    }

    private static Long count(String text) {
        return text.matches("\\d{1,18}") ? Long.parseLong(text) : null;
    }
}
