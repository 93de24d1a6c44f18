package com.burstline.server.run;

import com.burstline.contract.ScenarioNames;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;

/**
 * How every page, report, export and finding writes a figure: rates with two decimals in the largest fitting unit
 * ("4.78 Gbit/s", "992.48 Mbit/s"), shares with one decimal ("95.6%"), loss with two ("0.00%"), jitter in ms with
 * three, counts as whole numbers, and "unknown" where the figure is not known, never 0 or a blank. The browser's
 * live figures use frontend/src/js/units.js, whose output a test holds against this.
 */
public final class FigureText {
    public static final String UNKNOWN = "unknown";

    private FigureText() {
    }

    public static String rate(double bitsPerSecond) {
        if (bitsPerSecond >= 1e9) {
            return String.format(Locale.ROOT, "%.2f Gbit/s", bitsPerSecond / 1e9);
        }
        if (bitsPerSecond >= 1e6) {
            return String.format(Locale.ROOT, "%.2f Mbit/s", bitsPerSecond / 1e6);
        }
        return String.format(Locale.ROOT, "%.2f kbit/s", bitsPerSecond / 1e3);
    }

    /** A rate the output may not hold (see {@code Measured}): "unknown" then, never 0. */
    public static String rate(Double bitsPerSecond) {
        return bitsPerSecond == null ? UNKNOWN : rate(bitsPerSecond.doubleValue());
    }

    /** "4.63–4.72 Gbit/s"; one value when both read alike; "980.00 Mbit/s–1.02 Gbit/s" across units. */
    public static String rateRange(double low, double high) {
        String from = rate(low);
        String to = rate(high);
        if (from.equals(to)) {
            return from;
        }
        int space = from.lastIndexOf(' ');
        return from.substring(space).equals(to.substring(to.lastIndexOf(' '))) ? from.substring(0, space) + "–" + to
                : from + "–" + to;
    }

    /** "92.1–93.9%", one value when both read alike. */
    public static String percentRange(double low, double high) {
        String from = percent(low);
        String to = percent(high);
        return from.equals(to) ? from : from.substring(0, from.length() - 1) + "–" + to;
    }

    public static String percent(double percent) {
        return String.format(Locale.ROOT, "%.1f%%", percent);
    }

    public static String percent(Double percent) {
        return percent == null ? UNKNOWN : percent(percent.doubleValue());
    }

    /** Lost datagrams in percent, two decimals: the shared runs that kept up lost 0.00%, not "0.0%". */
    public static String loss(Double percent) {
        return percent == null ? UNKNOWN : String.format(Locale.ROOT, "%.2f%%", percent);
    }

    public static String jitter(Double ms) {
        return ms == null ? UNKNOWN : String.format(Locale.ROOT, "%.3f ms", ms);
    }

    /**
     * A round trip or another short time in ms, three significant digits: "0.0421 ms", "1.27 ms", "32.4 ms",
     * "1,230 ms", as frontend/src/js/units.js's formatMs writes the charts' axes.
     */
    public static String ms(Double ms) {
        return ms == null ? UNKNOWN : significant(ms) + " ms";
    }

    /** A ratio of two figures as a multiple: "×1.31", "×377" (whole from 100 up). */
    public static String times(Double ratio) {
        if (ratio == null) {
            return UNKNOWN;
        }
        return "×" + (ratio >= 100 ? String.format(Locale.ROOT, "%,d", Math.round(ratio)) : significant(ratio));
    }

    private static String significant(double value) {
        if (value == 0) {
            return "0";
        }
        // the double's shortest decimal, rounded half up, as the browser's Intl.NumberFormat rounds it
        BigDecimal rounded = BigDecimal.valueOf(value).round(new java.math.MathContext(3, java.math.RoundingMode.HALF_UP))
                .stripTrailingZeros();
        return rounded.scale() <= 0 ? String.format(Locale.ROOT, "%,d", rounded.longValue()) : rounded.toPlainString();
    }

    /** A limit (or target) as people say it, exactly: "5 Gbit/s", "512 Mbit/s". */
    public static String limit(Double bitsPerSecond) {
        return bitsPerSecond == null ? UNKNOWN : ScenarioNames.rate(Math.round(bitsPerSecond));
    }

    /** A limit in Gbit/s, as the label forms take it and the charts' limit lines name it: "0.512 Gbit/s". */
    public static String gbit(Double bitsPerSecond) {
        return bitsPerSecond == null ? UNKNOWN : RunLabels.gbps(bitsPerSecond) + " Gbit/s";
    }

    /** What a title shows after an exact value, by the kind of figure a page marks it as ({@code data-unit}). */
    private static final Map<String, String> UNITS = Map.of("rate", "bit/s", "percent", "%", "ms", "ms", "count", "");

    /**
     * The exact value for a figure's title, with thousands separators: "4,875,538,754.022378 bit/s"; the digits are
     * the shortest that name the value, as the API's JSON writes it.
     */
    public static String exact(Number value, String unit) {
        String plain = (value instanceof Double number ? BigDecimal.valueOf(number) : new BigDecimal(value.toString()))
                .toPlainString();
        int point = plain.indexOf('.');
        String whole = point < 0 ? plain : plain.substring(0, point);
        String grouped = whole.replaceAll("\\B(?=(\\d{3})+$)", ",") + (point < 0 ? "" : plain.substring(point));
        return (grouped + " " + UNITS.getOrDefault(unit, unit)).strip();
    }

    /** A count's mean over n runs: whole for one run ("107"), one decimal for several ("91.5"). */
    public static String meanCount(Double mean, int runs) {
        return mean == null ? UNKNOWN : String.format(Locale.ROOT, runs == 1 ? "%.0f" : "%.1f", mean);
    }

    public static String count(Long count) {
        return count == null ? UNKNOWN : Long.toString(count);
    }
}
