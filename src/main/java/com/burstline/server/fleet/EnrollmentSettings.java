package com.burstline.server.fleet;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How hosts join: {@code burstline.agents.join-token-lifetime} (default 24 h), where the agent jar the server hands
 * out is ({@code jar-path}, default {@link AgentJar#defaultPath()}), and the URL agents reach this server at in the
 * install commands ({@code server-url}, default the address the admin's browser used).
 */
@ConfigurationProperties("burstline.agents")
record EnrollmentSettings(Duration joinTokenLifetime, Path jarPath, String serverUrl) {
    static final Duration DEFAULT_LIFETIME = Duration.ofHours(24);

    EnrollmentSettings {
        joinTokenLifetime = joinTokenLifetime == null ? DEFAULT_LIFETIME : joinTokenLifetime;
        jarPath = jarPath == null ? AgentJar.defaultPath() : jarPath;
        serverUrl = serverUrl == null || serverUrl.isBlank() ? null : serverUrl.strip().replaceAll("/+$", "");
    }
}
