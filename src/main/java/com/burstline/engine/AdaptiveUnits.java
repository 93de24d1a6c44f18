package com.burstline.engine;

import java.util.Locale;

/** iperf3's adaptive units: bytes in powers of 1024, bits per second in powers of 1000. */
final class AdaptiveUnits {
    private AdaptiveUnits() {
    }

    static String bytes(double bytes) {
        return scaled(bytes, 1024, "Bytes");
    }

    static String bits(double bitsPerSecond) {
        return scaled(bitsPerSecond, 1000, "bits") + "/sec";
    }

    /** {@code 10M}, {@code 1.5G}, {@code 128K}: {@code base} is 1000 for rates and 1024 for sizes, as in iperf3. */
    static double parse(String text, String option, double base) {
        if (text.isEmpty()) {
            throw new EngineException(option + " needs a value");
        }
        char suffix = Character.toUpperCase(text.charAt(text.length() - 1));
        int power = "KMGT".indexOf(suffix) + 1;
        String digits = power > 0 ? text.substring(0, text.length() - 1) : text;
        try {
            double value = Double.parseDouble(digits) * Math.pow(base, power);
            if (value < 0 || Double.isNaN(value) || value > 9e15) {
                throw new EngineException(option + " is out of range: " + text);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new EngineException(option + " takes a number with an optional K, M, G or T, not '" + text + "'");
        }
    }

    private static String scaled(double value, double base, String unit) {
        String[] prefixes = {"", "K", "M", "G", "T"};
        int i = 0;
        while (i < prefixes.length - 1 && value >= base) {
            value /= base;
            i++;
        }
        String format = value < 9.995 ? "%4.2f" : value < 99.95 ? "%4.1f" : "%4.0f";
        return String.format(Locale.ROOT, format, value) + " " + prefixes[i] + unit;
    }
}
