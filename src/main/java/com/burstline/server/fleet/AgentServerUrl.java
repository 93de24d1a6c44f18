package com.burstline.server.fleet;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The URL the agents of new hosts reach this server at: the one value every install command uses. It must be a
 * plain http(s) URL (refused otherwise); the warnings say in words why hosts elsewhere may not reach it: loopback is
 * each host itself, a single-label or .local name resolves only where a search domain, a hosts file or mDNS knows
 * it, and a link-local address or a container bridge's is one only this host or its link has. Names are not looked
 * up: what this server resolves says nothing of what the hosts do.
 */
record AgentServerUrl(String url, List<String> warnings) {
    private static final Pattern IP_LITERAL = Pattern.compile("[0-9.]+|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");
    /** Interfaces of containers and VMs on this host: their addresses are reached from this host only. */
    private static final Pattern HOST_ONLY_INTERFACE = Pattern.compile(
            "(docker|br-|virbr|veth|cni|flannel|podman|lxc|lxd|vboxnet|vmnet|vEthernet).*");

    static AgentServerUrl check(String given) {
        String url = given == null ? "" : given.strip().replaceAll("/+$", "");
        URI uri = parse(url);
        String host = uri.getHost().replace("[", "").replace("]", "");
        List<String> warnings = new ArrayList<>();
        String lower = host.toLowerCase(Locale.ROOT);
        if (IP_LITERAL.matcher(host).matches()) {
            addressWarnings(host, warnings);
        } else if (lower.equals("localhost") || lower.endsWith(".localhost")) {
            warnings.add(loopback(host));
        } else if (lower.endsWith(".local")) {
            warnings.add(host + " is a multicast DNS (.local) name: cloud instances and most servers do not resolve "
                    + "it. Give this server's address or a name in DNS.");
        } else if (!lower.contains(".")) {
            warnings.add(host + " is a single-label name: a host resolves it only through a DNS search domain or its "
                    + "hosts file. Give this server's address or its full name (e.g. ip-10-0-0-5.ec2.internal).");
        }
        return new AgentServerUrl(url, List.copyOf(warnings));
    }

    private static URI parse(String url) {
        String refusal = "The server URL must be where the hosts reach this server, like http://10.0.0.5:8080, not '"
                + url.replaceAll("\\p{Cntrl}", "?") + "'";
        AgentInstallCommands.refuseControlCharacters(url.isEmpty() ? " " : url);
        if (!url.chars().allMatch(c -> c > ' ' && c < 127)) {
            throw new InvalidAgentException(refusal + ": spaces and letters beyond ASCII have no place in it "
                    + "(a name in another script goes in its xn-- form)");
        }
        try {
            URI uri = new URI(url);
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null
                    || uri.getRawUserInfo() != null || uri.getRawQuery() != null || uri.getRawFragment() != null) {
                throw new InvalidAgentException(refusal + ": http:// or https://, a host, an optional port and path, "
                        + "no user name, query or fragment");
            }
            return uri;
        } catch (URISyntaxException e) {
            throw new InvalidAgentException(refusal + " (" + e.getReason() + ")");
        }
    }

    private static void addressWarnings(String host, List<String> warnings) {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (java.net.UnknownHostException e) {
            throw new InvalidAgentException("The server URL's host " + host + " is not an address");
        }
        if (address.isAnyLocalAddress() || address.isMulticastAddress()) {
            throw new InvalidAgentException("The server URL's host " + host + " is no address to connect to: give "
                    + "this server's own address");
        }
        if (address.isLoopbackAddress()) {
            warnings.add(loopback(host));
        } else if (address.isLinkLocalAddress()) {
            warnings.add(host + " is a link-local address: only hosts on the same link reach it. Give this server's "
                    + "address in the hosts' network.");
        } else {
            String hostOnly = hostOnlyInterface(address);
            if (hostOnly != null) {
                warnings.add(host + " is the address of this server's " + hostOnly + ", a bridge to its own "
                        + "containers or VMs: other hosts do not reach it. Give this server's address in the hosts' "
                        + "network.");
            }
        }
    }

    private static String loopback(String host) {
        List<String> own = ownAddresses();
        return host + " is loopback: on another host it means that host itself, not this server. Give the address "
                + "the hosts reach this server at" + (own.isEmpty() ? "." : " (this server has " + String.join(", ",
                own) + ").");
    }

    private static String hostOnlyInterface(InetAddress address) {
        try {
            NetworkInterface nic = NetworkInterface.getByInetAddress(address);
            return nic != null && HOST_ONLY_INTERFACE.matcher(nic.getName()).matches() ? nic.getName() : null;
        } catch (SocketException e) {
            return null;
        }
    }

    /** This server's addresses other hosts may reach: up, not loopback, link-local or a container bridge's. */
    static List<String> ownAddresses() {
        List<String> addresses = new ArrayList<>();
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nic.isUp() || nic.isLoopback() || HOST_ONLY_INTERFACE.matcher(nic.getName()).matches()) {
                    continue;
                }
                for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                    if (!address.isLinkLocalAddress() && !address.isLoopbackAddress()) {
                        String text = address.getHostAddress().replaceAll("%.*$", ""); // no scope in a URL
                        addresses.add(address instanceof Inet6Address ? "[" + text + "]" : text);
                    }
                }
            }
        } catch (SocketException e) {
            return List.of();
        }
        return addresses.stream().sorted().limit(4).toList();
    }
}
