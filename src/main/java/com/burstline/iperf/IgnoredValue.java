package com.burstline.iperf;

import java.util.Map;

/**
 * A value no real iperf3 run can print, in a field that carries no throughput (CPU, buffer sizes, cwnd, rtt…): the
 * output is kept and its figures stored, this field read as unknown. iperf3 has printed such values itself (3.12's
 * remote CPU of -6.7e19 beside sound throughput), so refusing the whole run would lose a good measurement.
 *
 * @param key     the JSON key, e.g. {@code remote_total}
 * @param path    where the first such value stood, e.g. {@code end.cpu_utilization_percent.remote_total}
 * @param value   that value as printed
 * @param count   how many values under this key were out of range
 * @param allowed what a real run has there, e.g. "a number from 0 to 102,400 % (100 % × 1,024 cores)"
 */
public record IgnoredValue(String key, String path, String value, int count, String allowed) {
    private static final int MAX_VALUE_TEXT = 40;
    private static final Map<String, String> LABELS = Map.ofEntries(
            Map.entry("host_total", "host CPU"), Map.entry("host_user", "host user CPU"),
            Map.entry("host_system", "host system CPU"), Map.entry("remote_total", "remote CPU"),
            Map.entry("remote_user", "remote user CPU"), Map.entry("remote_system", "remote system CPU"),
            Map.entry("sock_bufsize", "socket buffer size"), Map.entry("sndbuf_actual", "send buffer size"),
            Map.entry("rcvbuf_actual", "receive buffer size"), Map.entry("tcp_mss_default", "default TCP MSS"),
            Map.entry("snd_cwnd", "congestion window"), Map.entry("max_snd_cwnd", "largest congestion window"),
            Map.entry("snd_wnd", "send window"), Map.entry("max_snd_wnd", "largest send window"),
            Map.entry("rtt", "round-trip time"), Map.entry("rttvar", "round-trip time variance"),
            Map.entry("min_rtt", "smallest round-trip time"), Map.entry("max_rtt", "largest round-trip time"),
            Map.entry("mean_rtt", "mean round-trip time"), Map.entry("pmtu", "path MTU"));

    public IgnoredValue {
        value = value.length() > MAX_VALUE_TEXT ? value.substring(0, MAX_VALUE_TEXT) + "…" : value;
    }

    /** Whether an out-of-range value under this key is ignored rather than refused. */
    static boolean ignorable(String key) {
        return LABELS.containsKey(key);
    }

    /** "remote CPU": what the field is, in words. */
    public String label() {
        return LABELS.getOrDefault(key, key);
    }

    IgnoredValue onceMore() {
        return new IgnoredValue(key, path, value, count + 1, allowed);
    }
}
