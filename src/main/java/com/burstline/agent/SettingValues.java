package com.burstline.agent;

import com.burstline.contract.NameRules;

import java.net.InetSocketAddress;
import java.net.URI;

/** Parsing helpers for {@link AgentSettings}: {@code HOST:PORT} and the default advertised URL. */
final class SettingValues {
    private SettingValues() {
    }

    static InetSocketAddress hostPort(String value) {
        int colon = value.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("--listen must be HOST:PORT, not '" + value + "'");
        }
        String host = value.substring(0, colon).replace("[", "").replace("]", "");
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

    /** Listening on all addresses says nothing about where we are reached, so loopback is the only safe guess. */
    static String reachableHost(InetSocketAddress listen) {
        String host = listen.getHostString();
        return "0.0.0.0".equals(host) || "::".equals(host) ? "127.0.0.1" : host;
    }

    static URI defaultAdvertise(String scheme, InetSocketAddress listen, int boundPort) {
        String host = reachableHost(listen);
        return URI.create(scheme + "://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + boundPort);
    }
}
