package com.burstline.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which driver a Linux NIC has: sysfs first (the device's driver and its module's version, there without any tool),
 * then {@code ethtool -i}, then the link kind of a virtual NIC ({@code veth}, {@code bridge}: no device in sysfs).
 * When none tells, the answer says why, so that a run never shows a bare "unknown".
 */
final class LinuxDriver {
    /** What a NIC's driver is; {@code unknownReason} is set exactly when {@code name} is null. */
    record Answer(String name, String version, String firmwareVersion, String unknownReason) {
    }

    /** A host command's stdout, null when it failed; an IOException when the command is not installed. */
    interface Commands {
        String output(List<String> command) throws IOException;
    }

    private static final Pattern KIND = Pattern.compile("\"info_kind\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern LOOPBACK = Pattern.compile("\"link_type\"\\s*:\\s*\"loopback\"");

    private final Path sysfs;
    private final Commands commands;

    /** @param sysfs where sysfs is mounted: {@code /sys} on a host, a directory laid out like it in tests */
    LinuxDriver(Path sysfs, Commands commands) {
        this.sysfs = sysfs;
        this.commands = commands;
    }

    Answer of(String interfaceName) {
        Path nic = sysfs.resolve("class/net").resolve(interfaceName);
        String sysfsDriver = linkName(nic.resolve("device/driver"));
        String sysfsVersion = sysfsDriver == null ? null : moduleVersion(nic.resolve("device/driver"), sysfsDriver);
        Ethtool ethtool = ethtool(interfaceName);
        String name = sysfsDriver != null ? sysfsDriver : ethtool.info.get("driver");
        String version = sysfsVersion != null ? sysfsVersion : name == null ? null : ethtool.info.get("version");
        String firmware = ethtool.info.get("firmware-version");
        if (name != null) {
            return new Answer(name, version, firmware, null);
        }
        String kind = linkKind(interfaceName);
        if (kind != null) {
            return new Answer(kind, null, null, null);
        }
        List<String> why = new ArrayList<>();
        why.add(ethtool.whyNot);
        why.add(Files.isDirectory(nic) ? "no device driver in sysfs" : "no sysfs entry");
        if (Files.isDirectory(nic)) {
            why.add("no link kind");
        }
        return new Answer(null, null, null, String.join(", ", why));
    }

    private record Ethtool(Map<String, String> info, String whyNot) {
    }

    private Ethtool ethtool(String interfaceName) {
        try {
            String output = commands.output(List.of("ethtool", "-i", interfaceName));
            Map<String, String> info = EthtoolOutput.driverInfo(output);
            return new Ethtool(info, info.containsKey("driver") ? null : "ethtool -i names no driver");
        } catch (IOException notInstalled) {
            return new Ethtool(Map.of(), "no ethtool");
        }
    }

    /** The module's own version: {@code /sys/module/M/version}, M being the driver's module (often its name). */
    private String moduleVersion(Path driver, String driverName) {
        String module = linkName(driver.resolve("module"));
        String version = readText(sysfs.resolve("module").resolve(module == null ? driverName : module)
                .resolve("version"));
        return version == null || version.isBlank() ? null : version;
    }

    private String linkKind(String interfaceName) {
        try {
            String link = commands.output(List.of("ip", "-d", "-j", "link", "show", "dev", interfaceName));
            if (link == null) {
                return null;
            }
            Matcher kind = KIND.matcher(link);
            return kind.find() ? kind.group(1) : LOOPBACK.matcher(link).find() ? "loopback" : null;
        } catch (IOException noIproute) {
            return null;
        }
    }

    private static String linkName(Path link) {
        try {
            return Files.readSymbolicLink(link).getFileName().toString();
        } catch (IOException | UnsupportedOperationException absent) {
            return null;
        }
    }

    private static String readText(Path file) {
        try {
            return Files.readString(file).strip();
        } catch (IOException unreadable) {
            return null;
        }
    }
}
