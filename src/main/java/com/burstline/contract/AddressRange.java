package com.burstline.contract;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * An address range such as 10.0.0.0/8 or fc00::/7, or one address; IPv4 and IPv6 ranges only contain their own
 * family. The server bounds agent addresses with these ({@code burstline.agents.allowed-networks}) and the agent its
 * peers ({@code --allowed-peers}).
 */
public record AddressRange(byte[] network, int prefix) {
    /**
     * Loopback and the private ranges: where agents and their peers may be unless the server's
     * {@code burstline.agents.allowed-networks} says otherwise, and what an agent allows when its server names none.
     */
    public static final List<String> PRIVATE = List.of("127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12",
            "192.168.0.0/16", "fc00::/7");

    /** @param setting what the range was given as, named when it is not one */
    public static AddressRange parse(String setting, String cidr) {
        String[] parts = cidr.strip().split("/", 2);
        if (!parts[0].matches("[0-9a-fA-F:.]+")) {
            // a literal address only: a host name here would mean a DNS lookup at start-up
            throw notARange(setting, cidr, null);
        }
        try {
            byte[] network = InetAddress.getByName(parts[0]).getAddress();
            int prefix = parts.length == 2 ? Integer.parseInt(parts[1]) : network.length * 8;
            if (prefix < 0 || prefix > network.length * 8) {
                throw notARange(setting, cidr, null);
            }
            return new AddressRange(network, prefix);
        } catch (UnknownHostException | NumberFormatException e) {
            throw notARange(setting, cidr, e);
        }
    }

    public boolean contains(InetAddress address) {
        byte[] candidate = address.getAddress();
        if (candidate.length != network.length) {
            return false;
        }
        for (int bit = 0; bit < prefix; bit++) {
            int mask = 0x80 >> (bit % 8);
            if ((candidate[bit / 8] & mask) != (network[bit / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        try {
            return InetAddress.getByAddress(network).getHostAddress() + "/" + prefix;
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private static IllegalArgumentException notARange(String setting, String cidr, Exception cause) {
        return new IllegalArgumentException(setting + ": '" + cidr + "' is not a CIDR range like 10.0.0.0/8", cause);
    }
}
