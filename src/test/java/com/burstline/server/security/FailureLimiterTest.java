package com.burstline.server.security;

import com.burstline.contract.AddressRange;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Lock-outs by address and by account, and whose address counts behind a proxy: the forwarded address only from a
 * trusted proxy, so a rotating header does not escape and a forged one locks no one else out.
 */
class FailureLimiterTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);
    private final FailureLimiter limiter = new FailureLimiter(3, Duration.ofMinutes(10), CLOCK,
            List.of(AddressRange.parse("test", "10.9.0.0/16")));

    @Test
    void threeFailuresLockTheAddressAndNotAnother() throws Exception {
        for (int i = 0; i < 3; i++) {
            limiter.failed(request("198.51.100.7", null));
        }

        assertThat(refused(request("198.51.100.7", null))).isEqualTo(429);
        assertThat(refused(request("198.51.100.8", null))).isEqualTo(200);
    }

    @Test
    void aRotatingForwardedHeaderFromAnUntrustedClientIsIgnored() throws Exception {
        for (int i = 0; i < 3; i++) {
            limiter.failed(request("198.51.100.7", "203.0.113." + i));
        }

        assertThat(refused(request("198.51.100.7", "203.0.113.99"))).as("locked by its own address").isEqualTo(429);
        assertThat(refused(request("203.0.113.1", null))).as("the forged addresses are not locked").isEqualTo(200);
    }

    @Test
    void behindATrustedProxyTheClientItNamesIsLockedNotTheProxy() throws Exception {
        for (int i = 0; i < 3; i++) {
            limiter.failed(request("10.9.0.5", "198.51.100.20, 10.9.0.4"));
        }

        assertThat(refused(request("10.9.0.5", "198.51.100.20"))).isEqualTo(429);
        assertThat(refused(request("10.9.0.5", "198.51.100.21"))).as("another client behind the proxy").isEqualTo(200);
        assertThat(limiter.clientAddress(request("10.9.0.5", "a-name, 10.9.0.4"))).isEqualTo("a-name");
    }

    @Test
    void failedSignInsLockTheAccountWhateverTheAddress() throws Exception {
        for (int i = 0; i < 3; i++) {
            limiter.failedAccount(" Admin ");
        }

        MockHttpServletResponse response = new MockHttpServletResponse();
        assertThat(limiter.refuseIfAccountLocked("admin", request("198.51.100.30", null), response)).isTrue();
        assertThat(response.getStatus()).isEqualTo(429);
        assertThat(response.getContentAsString()).contains("from this account");
        assertThat(limiter.refuseIfAccountLocked("vera", request("198.51.100.30", null),
                new MockHttpServletResponse())).isFalse();
        assertThat(refused(request("198.51.100.30", null))).as("the address is not locked by it").isEqualTo(200);
    }

    private int refused(MockHttpServletRequest request) throws Exception {
        MockHttpServletResponse response = new MockHttpServletResponse();
        return limiter.refuseIfLocked(request, response) ? response.getStatus() : 200;
    }

    private static MockHttpServletRequest request(String peer, String forwarded) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/login");
        request.setRemoteAddr(peer);
        if (forwarded != null) {
            request.addHeader("X-Forwarded-For", forwarded);
        }
        return request;
    }
}
