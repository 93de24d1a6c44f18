package com.burstline.agent;

import com.burstline.contract.NameRules;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.function.Supplier;

/** Parsing helpers for {@link AgentSettings}: {@code HOST:PORT}, the control address and the default advertised URL. */
final class SettingValues {
    private SettingValues() {
    }

    /** {@code HOST:PORT}, or {@code :PORT} for the default host. */
    static InetSocketAddress hostPort(String value, Supplier<String> defaultHost) {
        int colon = value.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("--listen must be HOST:PORT or :PORT, not '" + value + "'");
        }
        String host = colon == 0 ? defaultHost.get() : value.substring(0, colon).replace("[", "").replace("]", "");
        int port;
        try {
            port = Integer.parseInt(value.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--listen port must be a number, not '" + value.substring(colon + 1) + "'");
        }
        if (port < 0 || port > 65535 || !NameRules.isHost(host)) {
            throw new IllegalArgumentException("--listen must be HOST:PORT with a port of 0-65535, not '" + value + "'");
        }
        return new InetSocketAddress(host, port);
    }

    /**
     * The local address this host reaches the server from: what the agent listens on unless told otherwise, so that
     * its API is not open on every interface. Connecting a UDP socket sends nothing; the kernel only picks the route.
     */
    static String controlAddress(URI server) {
        int port = server.getPort() != -1 ? server.getPort() : "https".equals(server.getScheme()) ? 443 : 80;
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(InetAddress.getByName(server.getHost()), port);
            InetAddress local = probe.getLocalAddress();
            if (local == null || local.isAnyLocalAddress()) {
                throw new IOException("no route");
            }
            return local.getHostAddress();
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("--listen is not given and no local address reaches --server "
                    + server.getHost() + " (" + e.getMessage() + "): give --listen HOST:PORT");
        }
    }

    /** Listening on all addresses says nothing about where we are reached, so loopback is the only safe guess. */
    static String reachableHost(InetSocketAddress listen) {
        String host = listen.getHostString();
        return "0.0.0.0".equals(host) || "::".equals(host) ? "127.0.0.1" : host;
    }

    /**
     * Whether {@code host} is an address of this host, where the server role can listen ({@code -B}); a test address
     * behind NAT (an EC2 elastic IP) is not, and a host name that does not resolve is not either.
     */
    static boolean isLocal(String host) {
        try {
            InetAddress address = InetAddress.getByName(host);
            return address.isLoopbackAddress() || java.net.NetworkInterface.getByInetAddress(address) != null;
        } catch (IOException e) {
            return false;
        }
    }

    static URI defaultAdvertise(String scheme, InetSocketAddress listen, int boundPort) {
        String host = reachableHost(listen);
        return URI.create(scheme + "://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + boundPort);
    }
}
