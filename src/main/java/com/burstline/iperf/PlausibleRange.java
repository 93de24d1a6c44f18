package com.burstline.iperf;

import java.math.BigDecimal;
import java.util.Map;

/**
 * What a real iperf3 run can print under each numeric key, wherever the key appears. The bounds are iperf3's own
 * limits (128 streams, 86,400 s, 600 s omit, 16-bit ports) or physical ones (10 Tbit/s, 100 % loss, 1,024 cores),
 * wide enough for any real run.
 */
record PlausibleRange(BigDecimal min, BigDecimal max, String unit, boolean wholeNumber, boolean unknownAllowed) {
    static final double MAX_BITS_PER_SECOND = 10e12;
    /** 10 Tbit/s for 90,000 s. */
    static final double MAX_BYTES = MAX_BITS_PER_SECOND / 8 * 90_000;
    private static final double MAX_SECONDS = 90_000;
    private static final double MAX_CPU = 100.0 * 1024;
    private static final long UNKNOWN = -1;
    /** iperf3 3.12 and 3.13 print -1 as unsigned 64-bit (iperf3 issue #1435). */
    private static final BigDecimal UNKNOWN_UNSIGNED = new BigDecimal("18446744073709551615");

    static final Map<String, PlausibleRange> BY_KEY = Map.ofEntries(
            Map.entry("bytes", whole(0, MAX_BYTES, " bytes")),
            Map.entry("bits_per_second", number(0, MAX_BITS_PER_SECOND, " bit/s (10 Tbit/s)")),
            Map.entry("target_bitrate", whole(0, MAX_BITS_PER_SECOND, " bit/s (10 Tbit/s)")),
            Map.entry("fqrate", whole(0, MAX_BITS_PER_SECOND, " bit/s (10 Tbit/s)")),
            Map.entry("fq_rate", whole(0, MAX_BITS_PER_SECOND, " bit/s (10 Tbit/s)")),
            Map.entry("start", number(0, MAX_SECONDS, " s")),
            Map.entry("end", number(0, MAX_SECONDS, " s")),
            Map.entry("seconds", number(0, MAX_SECONDS, " s")),
            Map.entry("interval", number(0, 86_400, " s")),
            Map.entry("duration", whole(0, 86_400, " s")),
            Map.entry("omit", whole(0, 600, " s")),
            Map.entry("reverse", whole(0, 1, "")),
            Map.entry("bidir", whole(0, 1, "")),
            Map.entry("num_streams", whole(1, 128, " streams")),
            Map.entry("socket", whole(0, Integer.MAX_VALUE, "")),
            Map.entry("port", whole(0, 65_535, "")),
            Map.entry("local_port", whole(0, 65_535, "")),
            Map.entry("remote_port", whole(0, 65_535, "")),
            Map.entry("timesecs", whole(946_684_800, 4_102_444_799L, " s since 1970 (the years 2000 to 2099)")),
            Map.entry("timemillisecs", whole(946_684_800_000L, 4_102_444_799_999L,
                    " ms since 1970 (the years 2000 to 2099)")),
            Map.entry("retransmits", tcpInfo(MAX_BYTES, "")),
            Map.entry("rtt", tcpInfo(3.6e9, " µs")),
            Map.entry("rttvar", tcpInfo(3.6e9, " µs")),
            Map.entry("min_rtt", tcpInfo(3.6e9, " µs")),
            Map.entry("max_rtt", tcpInfo(3.6e9, " µs")),
            Map.entry("mean_rtt", tcpInfo(3.6e9, " µs")),
            Map.entry("snd_cwnd", tcpInfo(MAX_BYTES, " bytes")),
            Map.entry("max_snd_cwnd", tcpInfo(MAX_BYTES, " bytes")),
            Map.entry("snd_wnd", tcpInfo(MAX_BYTES, " bytes")),
            Map.entry("max_snd_wnd", tcpInfo(MAX_BYTES, " bytes")),
            Map.entry("pmtu", tcpInfo(1 << 20, " bytes")),
            Map.entry("jitter_ms", number(0, 3_600_000, " ms")),
            Map.entry("lost_packets", whole(0, MAX_BYTES, " packets")),
            Map.entry("packets", whole(0, MAX_BYTES, " packets")),
            Map.entry("out_of_order", whole(0, MAX_BYTES, " packets")),
            Map.entry("lost_percent", number(0, 100, " %")),
            Map.entry("host_total", number(0, MAX_CPU, " % (100 % × 1,024 cores)")),
            Map.entry("host_user", number(0, MAX_CPU, " % (100 % × 1,024 cores)")),
            Map.entry("host_system", number(0, MAX_CPU, " % (100 % × 1,024 cores)")),
            Map.entry("remote_total", number(0, MAX_CPU, " % (100 % × 1,024 cores)")),
            Map.entry("remote_user", number(0, MAX_CPU, " % (100 % × 1,024 cores)")),
            Map.entry("remote_system", number(0, MAX_CPU, " % (100 % × 1,024 cores)")),
            Map.entry("blksize", whole(0, 1 << 24, " bytes")),
            Map.entry("blocks", whole(0, MAX_BYTES, "")),
            Map.entry("tos", whole(0, 255, "")),
            Map.entry("tcp_mss_default", whole(0, Integer.MAX_VALUE, " bytes")),
            Map.entry("sock_bufsize", whole(0, Integer.MAX_VALUE, " bytes")),
            Map.entry("sndbuf_actual", whole(0, Integer.MAX_VALUE, " bytes")),
            Map.entry("rcvbuf_actual", whole(0, Integer.MAX_VALUE, " bytes")));

    boolean allows(BigDecimal value) {
        if (unknownAllowed && (value.compareTo(BigDecimal.valueOf(UNKNOWN)) == 0
                || value.compareTo(UNKNOWN_UNSIGNED) == 0)) {
            return true;
        }
        boolean whole = value.stripTrailingZeros().scale() <= 0;
        return value.compareTo(min) >= 0 && value.compareTo(max) <= 0 && (whole || !wholeNumber);
    }

    String describe() {
        String range = "from " + String.format("%,d", min.longValue()) + " to "
                + String.format("%,.0f", max.doubleValue()) + unit;
        return (wholeNumber ? "a whole number " : "a number ") + range
                + (unknownAllowed ? ", or -1 for unknown" : "");
    }

    private static PlausibleRange whole(double min, double max, String unit) {
        return new PlausibleRange(BigDecimal.valueOf(min), BigDecimal.valueOf(max), unit, true, false);
    }

    private static PlausibleRange number(double min, double max, String unit) {
        return new PlausibleRange(BigDecimal.valueOf(min), BigDecimal.valueOf(max), unit, false, false);
    }

    private static PlausibleRange tcpInfo(double max, String unit) {
        return new PlausibleRange(BigDecimal.ZERO, BigDecimal.valueOf(max), unit, true, true);
    }
}
