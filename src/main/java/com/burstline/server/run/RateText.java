package com.burstline.server.run;

import java.util.Locale;

/** Human units for rates, used where a summary names itself (scenario names); pages format figures in the browser. */
final class RateText {
    private RateText() {
    }

    static String rate(double bitsPerSecond) {
        if (bitsPerSecond >= 1e9) {
            return trim(bitsPerSecond / 1e9) + " Gbit/s";
        }
        if (bitsPerSecond >= 1e6) {
            return trim(bitsPerSecond / 1e6) + " Mbit/s";
        }
        return trim(bitsPerSecond / 1e3) + " kbit/s";
    }

    private static String trim(double value) {
        String text = String.format(Locale.ROOT, "%.2f", value);
        return text.replaceAll("\\.?0+$", "");
    }
}
