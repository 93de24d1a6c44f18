package com.burstline.agent;

import java.util.regex.Pattern;

/**
 * Accepts an IPv4 or IPv6 literal or a DNS hostname, and nothing else: the value becomes one of iperf3's arguments,
 * so it must never start with '-' (an option) or carry spaces, quotes or shell characters.
 */
final class HostNames {
    private static final Pattern IPV4 = Pattern.compile(
            "((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:]{2,39}(%[A-Za-z0-9_.-]{1,15})?");
    private static final Pattern HOSTNAME = Pattern.compile(
            "(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*");

    private HostNames() {
    }

    static boolean isValid(String host) {
        if (host == null) {
            return false;
        }
        return IPV4.matcher(host).matches()
                || (host.contains(":") && IPV6.matcher(host).matches())
                || HOSTNAME.matcher(host).matches();
    }
}
