package com.burstline.server.schedule;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The webhook filter classifies addresses as IANA's IPv4 and IPv6 Special-Purpose Address Registries do, also when
 * an IPv6 address carries an IPv4 one: each of these was taken for public, and a post to it was sent.
 */
class WebhookAddressesTest {
    private final WebhookAddresses defaults = WebhookAddresses.of(List.of());

    @ParameterizedTest
    @ValueSource(strings = {"[::127.0.0.1]", "[::169.254.169.254]", "[::ffff:0:127.0.0.1]", "[::ffff:127.0.0.1]",
            "[64:ff9b::127.0.0.1]", "[64:ff9b::a9fe:a9fe]", "[64:ff9b:1::8.8.8.8]", "[2002:7f00:1::]",
            "[2002:a9fe:a9fe::1]", "[2001::1]", "[2001:db8::1]", "[100::1]", "[fec0::1]", "[3fff::1]", "192.0.0.192",
            "192.0.0.8", "192.0.2.1", "198.18.0.1", "198.51.100.7", "203.0.113.9", "240.0.0.1", "255.255.255.255",
            "0.1.2.3", "100.64.0.1", "192.88.99.1", "[::]"})
    void noSpecialPurposeAddressIsPublic(String host) {
        String refusal = defaults.refusal(URI.create("http://" + host + "/hook"));

        assertThat(refusal).as(host).isNotNull().startsWith("url ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"[::169.254.169.254]", "[64:ff9b::a9fe:a9fe]", "[2002:a9fe:a9fe::1]", "240.0.0.1",
            "255.255.255.255"})
    void whatNoSettingOpens(String host) {
        WebhookAddresses everything = WebhookAddresses.of(List.of("0.0.0.0/0", "::/0"));

        assertThat(everything.refusal(URI.create("http://" + host + "/hook"))).as(host)
                .contains("link-local, unspecified, multicast, broadcast or reserved");
    }

    @ParameterizedTest
    @ValueSource(strings = {"8.8.8.8", "[2606:4700:4700::1111]", "[64:ff9b::808:808]", "[2002:808:808::1]",
            "192.0.0.9"})
    void publicAddressesStayPublic(String host) {
        assertThat(defaults.refusal(URI.create("http://" + host + "/hook"))).as(host).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"[::127.0.0.1]", "[::ffff:0:127.0.0.1]", "[64:ff9b::127.0.0.1]"})
    void aRangeTheSettingNamesOpensTheAddressesThatCarryIt(String host) {
        WebhookAddresses loopback = WebhookAddresses.of(List.of("127.0.0.0/8"));

        assertThat(loopback.refusal(URI.create("http://" + host + "/hook"))).as(host).isNull();
    }
}
