package com.burstline.server.system;

import com.burstline.contract.AddressRange;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What an address is, as IANA's IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and its updates) say,
 * for the server's outgoing connections to addresses someone typed (webhooks). An IPv6 address that carries an IPv4
 * one (IPv4-mapped {@code ::ffff:a.b.c.d}, IPv4-translated {@code ::ffff:0:a.b.c.d}, the deprecated IPv4-compatible
 * {@code ::a.b.c.d}, NAT64 {@code 64:ff9b::a.b.c.d}, 6to4 {@code 2002:AABB:CCDD::}) is what that IPv4 address is: a
 * stack or a translator on the way delivers it there, so {@code [::169.254.169.254]} is the metadata service.
 */
public final class SpecialPurposeAddresses {

    /** The classes, from the most to the least restricted. */
    public enum Kind {
        /** Never a destination: link-local (the metadata service), unspecified, multicast, broadcast, reserved. */
        NEVER,
        /** Not reachable on the internet: loopback, private, shared, documentation, benchmarking, unique-local. */
        LOCAL,
        /** Globally reachable. */
        PUBLIC
    }

    private static final List<AddressRange> NEVER = ranges(
            "0.0.0.0/8", "169.254.0.0/16", "224.0.0.0/4", "240.0.0.0/4", "255.255.255.255/32",
            "::/128", "fe80::/10", "fec0::/10", "ff00::/8", "100::/64",
            // Teredo hides its IPv4 server and client (obfuscated) where no check can read them
            "2001::/32");
    private static final List<AddressRange> LOCAL = ranges(
            "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "172.16.0.0/12", "192.0.0.0/24", "192.0.2.0/24",
            "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24",
            "::1/128", "64:ff9b:1::/48", "2001::/23", "2001:db8::/32", "3fff::/20", "5f00::/16", "fc00::/7");
    /** Inside the ranges above, what the registries mark globally reachable all the same. */
    private static final List<AddressRange> GLOBAL = ranges(
            "192.0.0.9/32", "192.0.0.10/32", "2001:1::1/128", "2001:1::2/128", "2001:1::3/128", "2001:3::/32",
            "2001:4:112::/48", "2001:20::/28", "2001:30::/28");
    private static final byte[] MAPPED = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff};
    private static final byte[] TRANSLATED = {0, 0, 0, 0, 0, 0, 0, 0, (byte) 0xff, (byte) 0xff, 0, 0};
    private static final byte[] COMPATIBLE = new byte[12];
    private static final byte[] NAT64 = {0, 0x64, (byte) 0xff, (byte) 0x9b, 0, 0, 0, 0, 0, 0, 0, 0};

    private SpecialPurposeAddresses() {
    }

    public static Kind kindOf(InetAddress address) {
        Optional<Inet4Address> embedded = embeddedIpv4(address);
        if (embedded.isPresent()) {
            return kindOf(embedded.get());
        }
        if (NEVER.stream().anyMatch(range -> range.contains(address))) {
            return Kind.NEVER;
        }
        if (GLOBAL.stream().anyMatch(range -> range.contains(address))) {
            return Kind.PUBLIC;
        }
        return LOCAL.stream().anyMatch(range -> range.contains(address)) ? Kind.LOCAL : Kind.PUBLIC;
    }

    /**
     * The IPv4 address an IPv6 one carries in a form the registries name (::1 and :: are IPv6's own), else empty.
     */
    public static Optional<Inet4Address> embeddedIpv4(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return Optional.empty();
        }
        byte[] bytes = address.getAddress();
        byte[] prefix = Arrays.copyOf(bytes, 12);
        if (Arrays.equals(prefix, MAPPED) || Arrays.equals(prefix, TRANSLATED) || Arrays.equals(prefix, NAT64)
                || (Arrays.equals(prefix, COMPATIBLE) && (bytes[12] | bytes[13] | bytes[14]) != 0)) {
            return Optional.of(ipv4(Arrays.copyOfRange(bytes, 12, 16)));
        }
        if (bytes[0] == 0x20 && bytes[1] == 0x02) { // 6to4: 2002:AABB:CCDD::/48
            return Optional.of(ipv4(Arrays.copyOfRange(bytes, 2, 6)));
        }
        return Optional.empty();
    }

    private static Inet4Address ipv4(byte[] bytes) {
        try {
            return (Inet4Address) InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four bytes are an IPv4 address", e);
        }
    }

    private static List<AddressRange> ranges(String... cidrs) {
        return Arrays.stream(cidrs).map(cidr -> AddressRange.parse("special-purpose range", cidr)).toList();
    }
}
