package com.burstline.server.security;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * {@code burstline.security.*}.
 *
 * @param publicRead    anonymous visitors may read everything a viewer may (for a wall display); writes still need
 *                      a role
 * @param maxFailures   failed sign-ins or wrong bearer tokens from one client address before it is locked out
 * @param failureWindow the window those failures are counted in, and how long a lock-out lasts
 */
@ConfigurationProperties("burstline.security")
record SecuritySettings(boolean publicRead, Integer maxFailures, Duration failureWindow) {
    SecuritySettings {
        maxFailures = maxFailures == null ? 10 : Math.max(1, maxFailures);
        failureWindow = failureWindow == null ? Duration.ofMinutes(1) : failureWindow;
    }
}
