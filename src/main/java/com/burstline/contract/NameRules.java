package com.burstline.contract;

import java.util.regex.Pattern;

/**
 * What an agent's name and a host address may be, for both sides: the agent checks its own settings and every peer
 * it is told to measure against, the server every registration. A host becomes one of iperf3's arguments, so it must
 * never start with '-' (an option) or carry spaces, quotes or shell characters.
 */
public final class NameRules {
    public static final int MAX_AGENT_NAME = 64;
    public static final int MAX_HOST = 253;
    private static final Pattern AGENT_NAME = Pattern.compile("[A-Za-z0-9._-]{1," + MAX_AGENT_NAME + "}");
    private static final Pattern IPV4 = Pattern.compile(
            "((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:]{2,39}(%[A-Za-z0-9_.-]{1,15})?");
    private static final Pattern HOSTNAME = Pattern.compile(
            "(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*");

    private NameRules() {
    }

    public static boolean isAgentName(String name) {
        return name != null && AGENT_NAME.matcher(name).matches();
    }

    /** The name, or an {@link InvalidMessageException} whose message starts with {@code label}. */
    public static String checkAgentName(String label, String name) {
        if (!isAgentName(name)) {
            throw new InvalidMessageException(label + " must be 1–" + MAX_AGENT_NAME + " characters of letters, "
                    + "digits, '.', '_' or '-', not " + (name == null ? "missing" : "'" + name + "'"));
        }
        return name;
    }

    /** An IPv4 or IPv6 literal or a DNS hostname, and nothing else. */
    public static boolean isHost(String host) {
        if (host == null) {
            return false;
        }
        return IPV4.matcher(host).matches()
                || (host.contains(":") && IPV6.matcher(host).matches())
                || HOSTNAME.matcher(host).matches();
    }

    /** An IPv4 or IPv6 literal: no name that a resolver could answer differently later. */
    public static boolean isAddress(String host) {
        return host != null && (IPV4.matcher(host).matches() || (host.contains(":") && IPV6.matcher(host).matches()));
    }

    /** The host, or an {@link InvalidMessageException} whose message starts with {@code label}. */
    public static String checkHost(String label, String host) {
        if (!isHost(host)) {
            throw new InvalidMessageException(label + " must be an IP address or a hostname, not "
                    + (host == null ? "missing" : "'" + host + "'"));
        }
        return host;
    }
}
