package com.burstline.server.security;

import com.burstline.contract.AddressRange;
import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * {@code burstline.security.*}.
 *
 * @param publicRead    anonymous visitors may read everything a viewer may (for a wall display); writes still need
 *                      a role
 * @param maxFailures   failed sign-ins or wrong bearer tokens from one client address before it is locked out
 * @param failureWindow the window those failures are counted in, and how long a lock-out lasts
 * @param trustedProxies CIDR ranges of reverse proxies whose {@code X-Forwarded-For} names the client (default none:
 *                       the header is ignored)
 */
@ConfigurationProperties("burstline.security")
record SecuritySettings(boolean publicRead, Integer maxFailures, Duration failureWindow, List<String> trustedProxies) {
    SecuritySettings {
        maxFailures = maxFailures == null ? 10 : Math.max(1, maxFailures);
        failureWindow = failureWindow == null ? Duration.ofMinutes(1) : failureWindow;
        trustedProxies = trustedProxies == null ? List.of() : List.copyOf(trustedProxies);
    }

    /** A limiter of failures by these settings; users and agents each have their own. */
    FailureLimiter limiter() {
        return new FailureLimiter(maxFailures, failureWindow, Clock.systemUTC(), trustedProxies.stream()
                .map(cidr -> AddressRange.parse("burstline.security.trusted-proxies", cidr)).toList());
    }
}
