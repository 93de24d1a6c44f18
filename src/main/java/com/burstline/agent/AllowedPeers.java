package com.burstline.agent;

import com.burstline.contract.AddressRange;
import com.burstline.contract.ScenarioSpec;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Whom the agent measures. Always: only the address its server names in the signed call (an IP literal: the server
 * resolved and checked the peer's name once, and the agent resolves nothing), and only inside the networks that same
 * call says the server allows (its burstline.agents.allowed-networks, by default loopback and the private ranges),
 * never a link-local, unspecified or multicast address: no public address reaches the tool unless the server's
 * networks include it. With {@code --allowed-peers} the agent's own ranges bound it further, whatever the server
 * asks. A refused scenario is refused before any process starts.
 */
final class AllowedPeers {
    static final String OPTION = "--allowed-peers";
    private final List<AddressRange> ranges;

    AllowedPeers(List<AddressRange> ranges) {
        this.ranges = List.copyOf(ranges);
    }

    /** {@code 10.77.0.0/24,127.0.0.1}; blank for any peer. */
    static AllowedPeers parse(String value) {
        if (value == null || value.isBlank()) {
            return new AllowedPeers(List.of());
        }
        return new AllowedPeers(java.util.Arrays.stream(value.split(",")).map(String::strip)
                .filter(range -> !range.isEmpty()).map(range -> AddressRange.parse(OPTION, range)).toList());
    }

    boolean any() {
        return ranges.isEmpty();
    }

    /** @throws PeerNotAllowedException when the spec's peer is outside the server's networks or the agent's own */
    void check(ScenarioSpec spec) {
        InetAddress address;
        try {
            address = InetAddress.getByName(spec.peerHost()); // an IP literal (ScenarioSpec): nothing is resolved
        } catch (UnknownHostException e) {
            throw new PeerNotAllowedException("peer " + spec.peerHost() + " is not an address");
        }
        if (address.isLinkLocalAddress() || address.isAnyLocalAddress() || address.isMulticastAddress()) {
            throw new PeerNotAllowedException("peer " + spec.peerHost() + " is a link-local, unspecified or "
                    + "multicast address, which this agent never measures");
        }
        if (!spec.peerInsideAllowedNetworks()) {
            throw new PeerNotAllowedException("peer " + spec.peerHost() + " is outside the networks this agent's "
                    + "server allows (" + String.join(",", spec.allowedNetworks()) + "): this agent measures no one "
                    + "else");
        }
        check(spec.peerHost());
    }

    /** @throws PeerNotAllowedException when the address (a literal) is outside the agent's own --allowed-peers */
    void check(String peerAddress) {
        if (ranges.isEmpty()) {
            return;
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(peerAddress);
        } catch (UnknownHostException e) {
            throw new PeerNotAllowedException("peer " + peerAddress + " is not an address");
        }
        if (ranges.stream().noneMatch(range -> range.contains(address))) {
            throw new PeerNotAllowedException("peer " + peerAddress + " (" + address.getHostAddress()
                    + ") is outside this agent's " + OPTION + " (" + this + "): this agent measures no one else");
        }
    }

    @Override
    public String toString() {
        return ranges.stream().map(AddressRange::toString).collect(Collectors.joining(","));
    }

    /** A peer the agent will not measure: 403. */
    static final class PeerNotAllowedException extends RuntimeException {
        PeerNotAllowedException(String message) {
            super(message);
        }
    }
}
