package com.burstline.contract;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What one host's receive path dropped during one scenario, as its agent counted it: the counters read just before
 * the measurement and just after it, under one set of names whatever the host ({@link #UDP_RCVBUF_ERRORS} …, and
 * {@link #NIC_PREFIX} plus ethtool's own name for a NIC's drop counters), and for each counter the host could not
 * read, why ({@code unknown}). The SUT sends it with its {@link ScenarioResult}; the peer answers it for its server
 * role ({@code POST /v1/iperf3-server/drops}). A counter is known only when it is in both readings.
 *
 * @param interfaceName the interface the scenario's traffic arrived through; null when not known
 * @param platform      {@code linux} or {@code windows}: which names the host's own tools give these counters
 */
public record HostDrops(String interfaceName, String platform, Map<String, Long> before, Map<String, Long> after,
                        Map<String, String> unknown) {
    /** Linux {@code Udp: RcvbufErrors}: datagrams dropped because the socket's receive buffer was full. */
    public static final String UDP_RCVBUF_ERRORS = "udp_rcvbuf_errors";
    /** Linux {@code Udp: InErrors} (receive-buffer errors included); Windows UDPv4 "Datagrams Received Errors". */
    public static final String UDP_IN_ERRORS = "udp_in_errors";
    public static final String UDP6_RCVBUF_ERRORS = "udp6_rcvbuf_errors";
    public static final String UDP6_IN_ERRORS = "udp6_in_errors";
    /** The interface's received packets dropped: {@code /proc/net/dev}'s drop; Windows "Packets Received Discarded". */
    public static final String RX_DROPPED = "rx_dropped";
    /** The interface's receive errors: {@code /proc/net/dev}'s errs; Windows "Packets Received Errors". */
    public static final String RX_ERRORS = "rx_errors";
    /** A NIC's own receive-drop counters as {@code ethtool -S} names them, e.g. {@code nic.rx_queue_0_drops}. */
    public static final String NIC_PREFIX = "nic.";
    public static final String LINUX = "linux";
    public static final String WINDOWS = "windows";
    static final int MAX_COUNTERS = 64;
    static final int MAX_REASON = 300;
    /** Linux allows 15 characters; a Windows alias ("Ethernet 2") more. */
    static final int MAX_INTERFACE = 64;
    private static final Pattern NAME = Pattern.compile("[a-z0-9_.]{1,64}");

    public HostDrops {
        before = checked(before, "before");
        after = checked(after, "after");
        unknown = checkedReasons(unknown);
        if (interfaceName != null && (interfaceName.isEmpty() || interfaceName.length() > MAX_INTERFACE
                || interfaceName.chars().anyMatch(Character::isISOControl))) {
            throw new InvalidMessageException("drops.interface must be 1-" + MAX_INTERFACE + " characters without "
                    + "control characters");
        }
        if (platform != null && !platform.equals(LINUX) && !platform.equals(WINDOWS)) {
            throw new InvalidMessageException("drops.platform must be linux or windows");
        }
    }

    /** Each counter in both readings, after minus before; a counter that went back (reset) is left out. */
    public Map<String, Long> delta() {
        Map<String, Long> delta = new LinkedHashMap<>();
        before.forEach((name, value) -> {
            Long later = after.get(name);
            if (later != null && later >= value) {
                delta.put(name, later - value);
            }
        });
        return delta;
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("interface", interfaceName);
        json.put("platform", platform);
        json.put("before", before);
        json.put("after", after);
        json.put("unknown", unknown);
        return json;
    }

    /** The record from what an agent sent; every name, count and reason bounded. */
    public static HostDrops fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json);
        return new HostDrops(fields.optionalString("interface"), fields.optionalString("platform"),
                counts(fields.object("before"), "before"), counts(fields.object("after"), "after"),
                reasons(fields.object("unknown")));
    }

    private static Map<String, Long> counts(Map<String, Object> json, String what) {
        Map<String, Long> counts = new LinkedHashMap<>();
        json.forEach((name, value) -> {
            if (!(value instanceof Number number) || number.doubleValue() != Math.rint(number.doubleValue())) {
                throw new InvalidMessageException("drops." + what + "." + name + " must be a whole number");
            }
            counts.put(name, number.longValue());
        });
        return counts;
    }

    private static Map<String, String> reasons(Map<String, Object> json) {
        Map<String, String> reasons = new LinkedHashMap<>();
        json.forEach((name, value) -> reasons.put(name, value instanceof String text ? text : String.valueOf(value)));
        return reasons;
    }

    private static Map<String, Long> checked(Map<String, Long> counts, String what) {
        Map<String, Long> copy = new LinkedHashMap<>(counts == null ? Map.of() : counts);
        if (copy.size() > MAX_COUNTERS) {
            throw new InvalidMessageException("drops." + what + " holds more than " + MAX_COUNTERS + " counters");
        }
        copy.forEach((name, value) -> {
            if (!NAME.matcher(name).matches() || value == null || value < 0) {
                throw new InvalidMessageException("drops." + what + " holds a counter that is not a name of "
                        + NAME.pattern() + " with a count of 0 or more");
            }
        });
        return java.util.Collections.unmodifiableMap(copy);
    }

    private static Map<String, String> checkedReasons(Map<String, String> reasons) {
        Map<String, String> copy = new LinkedHashMap<>(reasons == null ? Map.of() : reasons);
        if (copy.size() > MAX_COUNTERS) {
            throw new InvalidMessageException("drops.unknown holds more than " + MAX_COUNTERS + " reasons");
        }
        copy.forEach((name, reason) -> {
            if (!NAME.matcher(name).matches() || reason == null || reason.length() > MAX_REASON) {
                throw new InvalidMessageException("drops.unknown holds a reason that is not a counter name with at "
                        + "most " + MAX_REASON + " characters of text");
            }
        });
        return java.util.Collections.unmodifiableMap(copy);
    }
}
