package com.burstline.server.fleet;

import com.burstline.contract.AddressRange;

import java.net.InetAddress;

/** A range of {@code burstline.agents.allowed-networks}, read by the contract's {@link AddressRange}. */
record Cidr(AddressRange range) {

    static Cidr parse(String cidr) {
        return new Cidr(AddressRange.parse("burstline.agents.allowed-networks", cidr));
    }

    boolean contains(InetAddress address) {
        return range.contains(address);
    }
}
