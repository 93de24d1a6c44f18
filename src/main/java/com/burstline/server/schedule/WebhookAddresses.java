package com.burstline.server.schedule;

import com.burstline.contract.AddressRange;
import com.burstline.server.system.SpecialPurposeAddresses;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Where a webhook may be posted. A webhook's URL is typed by an operator but fetched by the server, so by default it
 * may only reach public addresses: every range IANA's special-purpose registries do not call globally reachable
 * (loopback, private, shared, documentation, unique-local, ...; {@link SpecialPurposeAddresses}) is refused unless
 * {@code burstline.schedules.webhook-allowed-networks} names it, and link-local (the cloud metadata service),
 * unspecified, multicast, broadcast and reserved addresses always, also inside an IPv6 address that carries them. The host is resolved once per post and the post goes to the address
 * that was checked, so a name cannot resolve to an allowed address for the check and elsewhere for the connection.
 */
final class WebhookAddresses {
    static final String SETTING = "burstline.schedules.webhook-allowed-networks";

    /** How a host name becomes addresses; a seam so that a test can answer differently on each lookup. */
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** The checked address to connect to, and the URL it came from (for the Host header and TLS). */
    record Target(URI url, InetAddress address) {
        int port() {
            return url.getPort() > 0 ? url.getPort() : "https".equals(url.getScheme()) ? 443 : 80;
        }
    }

    /** Why a URL may not be posted to, in words. */
    static final class Refused extends Exception {
        Refused(String reason) {
            super(reason);
        }
    }

    private final List<AddressRange> allowed;
    private final String described;
    private final Resolver resolver;

    WebhookAddresses(List<String> networks, Resolver resolver) {
        this.allowed = networks.stream().map(cidr -> AddressRange.parse(SETTING, cidr)).toList();
        this.described = networks.isEmpty() ? "none" : String.join(", ", networks);
        this.resolver = resolver;
    }

    static WebhookAddresses of(List<String> networks) {
        return new WebhookAddresses(networks, InetAddress::getAllByName);
    }

    /** Null when the server may post to this URL now, else why not. */
    String refusal(URI url) {
        try {
            resolve(url);
            return null;
        } catch (Refused refused) {
            return refused.getMessage();
        }
    }

    /** Resolves the URL's host once and checks every address it has; the first is the one to connect to. */
    Target resolve(URI url) throws Refused {
        if (!("http".equals(url.getScheme()) || "https".equals(url.getScheme()))) {
            throw new Refused("url must be http or https");
        }
        if (url.getRawUserInfo() != null) {
            throw new Refused("url must not carry a user name or password");
        }
        String host = url.getHost() == null ? "" : url.getHost().replace("[", "").replace("]", "");
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            throw new Refused("url host " + host + " does not resolve");
        }
        for (InetAddress address : addresses) {
            check(host, address);
        }
        return new Target(url, addresses[0]);
    }

    private void check(String host, InetAddress address) throws Refused {
        String named = "url " + host + " (" + address.getHostAddress() + ")";
        SpecialPurposeAddresses.Kind kind = SpecialPurposeAddresses.kindOf(address);
        if (kind == SpecialPurposeAddresses.Kind.NEVER) {
            String carried = SpecialPurposeAddresses.embeddedIpv4(address)
                    .map(ipv4 -> " (it carries " + ipv4.getHostAddress() + ")").orElse("");
            throw new Refused(named + " is a link-local, unspecified, multicast, broadcast or reserved address"
                    + carried + ", which the server never calls");
        }
        if (kind == SpecialPurposeAddresses.Kind.PUBLIC || allowed(address)) {
            return;
        }
        String carried = SpecialPurposeAddresses.embeddedIpv4(address)
                .map(ipv4 -> " (it carries " + ipv4.getHostAddress() + ")").orElse("");
        throw new Refused(named + " is a loopback or private address" + carried + "; webhooks go to public "
                + "addresses unless " + SETTING + " names the range (now: " + described + ")");
    }

    /** The address as given or the IPv4 address it carries lies in a configured range. */
    private boolean allowed(InetAddress address) {
        InetAddress carried = SpecialPurposeAddresses.embeddedIpv4(address).map(InetAddress.class::cast)
                .orElse(address);
        return allowed.stream().anyMatch(network -> network.contains(address) || network.contains(carried));
    }
}
