package com.burstline.agent;

import java.util.Locale;

/** Turns Get-NetAdapter's LinkSpeed text ("25 Gbps", "100 Mbps") into megabits per second. */
final class WindowsLinkSpeed {
    private WindowsLinkSpeed() {
    }

    static Long toMbps(String linkSpeed) {
        if (linkSpeed == null) {
            return null;
        }
        String[] parts = linkSpeed.strip().split("\\s+");
        if (parts.length != 2) {
            return null;
        }
        try {
            double value = Double.parseDouble(parts[0]);
            return switch (parts[1].toLowerCase(Locale.ROOT)) {
                case "gbps" -> Math.round(value * 1000);
                case "mbps" -> Math.round(value);
                case "kbps" -> Math.round(value / 1000);
                default -> null;
            };
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
