package com.burstline.agent;

import com.burstline.contract.AddressRange;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The agent's own bound on whom it measures ({@code --allowed-peers}): when set, a scenario whose peer lies outside
 * every range is refused before any process starts, whatever the server asks. A host name must resolve inside the
 * ranges with every address, as the server's own check of agent addresses does. Empty: any peer.
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

    /** @throws PeerNotAllowedException when {@code peerHost} is (or resolves to) an address outside the ranges */
    void check(String peerHost) {
        if (ranges.isEmpty()) {
            return;
        }
        try {
            for (InetAddress address : InetAddress.getAllByName(peerHost)) {
                if (ranges.stream().noneMatch(range -> range.contains(address))) {
                    throw new PeerNotAllowedException("peer " + peerHost + " (" + address.getHostAddress()
                            + ") is outside this agent's " + OPTION + " (" + this + "): this agent measures no one "
                            + "else");
                }
            }
        } catch (UnknownHostException e) {
            throw new PeerNotAllowedException("peer " + peerHost + " does not resolve, so this agent cannot tell "
                    + "whether it is inside its " + OPTION + " (" + this + ")");
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
