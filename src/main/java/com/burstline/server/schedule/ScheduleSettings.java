package com.burstline.server.schedule;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;
import java.util.List;

/**
 * {@code burstline.schedules.*}.
 *
 * @param webhookAllowedNetworks loopback or private CIDR ranges a webhook URL may point into besides public
 *                               addresses (default: none); link-local is refused regardless
 * @param webhookTimeout         connect and answer timeout of a webhook POST
 * @param linkBaseUrl            what links in a webhook's JSON start with (e.g. https://burstline.example.com);
 *                               without it they are paths such as /trends?…
 */
@ConfigurationProperties("burstline.schedules")
record ScheduleSettings(List<String> webhookAllowedNetworks, Duration webhookTimeout, String linkBaseUrl) {
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    static final Duration MAX_TIMEOUT = Duration.ofSeconds(60);

    ScheduleSettings {
        webhookAllowedNetworks = webhookAllowedNetworks == null ? List.of() : List.copyOf(webhookAllowedNetworks);
        webhookTimeout = webhookTimeout == null ? DEFAULT_TIMEOUT : webhookTimeout;
        if (webhookTimeout.isNegative() || webhookTimeout.isZero() || webhookTimeout.compareTo(MAX_TIMEOUT) > 0) {
            throw new IllegalArgumentException("burstline.schedules.webhook-timeout must be between 1 ms and "
                    + MAX_TIMEOUT.toSeconds() + " s, not " + webhookTimeout);
        }
        linkBaseUrl = linkBaseUrl == null || linkBaseUrl.isBlank() ? "" : linkBaseUrl.strip().replaceAll("/+$", "");
    }
}
