package com.burstline.server.agent;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** An address range such as 10.0.0.0/8 or fc00::/7; IPv4 and IPv6 ranges only contain their own family. */
public record Cidr(byte[] network, int prefix) {

    public static Cidr parse(String cidr) {
        String[] parts = cidr.strip().split("/", 2);
        if (!parts[0].matches("[0-9a-fA-F:.]+")) {
            // a literal address only: a host name here would mean a DNS lookup at start-up
            throw new IllegalArgumentException("burstline.agents.allowed-networks: '" + cidr + "' is not a CIDR "
                    + "range like 10.0.0.0/8");
        }
        try {
            byte[] network = InetAddress.getByName(parts[0]).getAddress();
            int prefix = parts.length == 2 ? Integer.parseInt(parts[1]) : network.length * 8;
            if (prefix < 0 || prefix > network.length * 8) {
                throw new IllegalArgumentException(cidr);
            }
            return new Cidr(network, prefix);
        } catch (UnknownHostException | NumberFormatException e) {
            throw new IllegalArgumentException("burstline.agents.allowed-networks: '" + cidr + "' is not a CIDR "
                    + "range like 10.0.0.0/8", e);
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
}
