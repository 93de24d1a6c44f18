package com.burstline.contract;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One network interface as the agent sees it; a value the host does not tell is null. {@code driverUnknown} says why
 * the driver is null ("no ethtool, no sysfs entry"); agents before it sent none.
 */
public record NicFacts(String name, String driver, String driverVersion, String firmwareVersion, Long speedMbps,
                       Long mtu, List<String> addresses, String driverUnknown) {
    public static final String NAME = "name";
    public static final String DRIVER = "driver";
    public static final String DRIVER_VERSION = "driverVersion";
    public static final String FIRMWARE_VERSION = "firmwareVersion";
    public static final String SPEED_MBPS = "speedMbps";
    public static final String MTU = "mtu";
    public static final String ADDRESSES = "addresses";
    public static final String DRIVER_UNKNOWN = "driverUnknown";

    public NicFacts {
        addresses = addresses == null ? List.of() : List.copyOf(addresses);
    }

    /** Lenient: facts are shown to people, so a value of the wrong type is simply unknown. */
    public static NicFacts fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json);
        return new NicFacts(fields.optionalString(NAME), fields.optionalString(DRIVER),
                fields.optionalString(DRIVER_VERSION), fields.optionalString(FIRMWARE_VERSION),
                fields.optionalNumber(SPEED_MBPS), fields.optionalNumber(MTU), fields.strings(ADDRESSES),
                fields.optionalString(DRIVER_UNKNOWN));
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put(NAME, name);
        json.put(DRIVER, driver);
        json.put(DRIVER_VERSION, driverVersion);
        json.put(FIRMWARE_VERSION, firmwareVersion);
        json.put(SPEED_MBPS, speedMbps);
        json.put(MTU, mtu);
        json.put(ADDRESSES, addresses);
        json.put(DRIVER_UNKNOWN, driverUnknown);
        return json;
    }

    /** "ena 2.11.0"; null when the driver is unknown. */
    public String driverLabel() {
        return driverLabel(driver, driverVersion);
    }

    /** "ena 2.11.0" from a driver and its version, wherever they were read; null when the driver is unknown. */
    public static String driverLabel(String driver, String driverVersion) {
        return driver == null ? null : driverVersion == null ? driver : driver + " " + driverVersion;
    }

    /** The driver label, or "driver unknown: " with the agent's reason: what a run is labelled with. */
    public String driverLabelOrWhyNot() {
        String label = driverLabel();
        if (label != null) {
            return label;
        }
        return "driver unknown: " + (driverUnknown == null ? "the agent did not say why" : driverUnknown);
    }

    /** One line for a list of interfaces: "eth0: ena 2.11.0, 25000 Mbit/s, MTU 9001". */
    public String summary() {
        StringBuilder line = new StringBuilder(name == null ? "?" : name).append(": ")
                .append(driver == null ? "unknown driver" : driver);
        if (driverVersion != null) {
            line.append(' ').append(driverVersion);
        }
        if (speedMbps != null) {
            line.append(", ").append(speedMbps).append(" Mbit/s");
        }
        if (mtu != null) {
            line.append(", MTU ").append(mtu);
        }
        return line.toString();
    }
}
