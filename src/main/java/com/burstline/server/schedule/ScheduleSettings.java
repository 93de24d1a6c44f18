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
 * @param missedRunGrace         a run that fell while no server was up is made up (once, the latest of them) when
 *                               the service starts again within this long of it; older ones are recorded as missed
 */
@ConfigurationProperties("burstline.schedules")
record ScheduleSettings(List<String> webhookAllowedNetworks, Duration webhookTimeout, String linkBaseUrl,
                        Duration missedRunGrace) {
    static final Duration DEFAULT_MISSED_RUN_GRACE = Duration.ofHours(1);

    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    static final Duration MAX_TIMEOUT = Duration.ofSeconds(60);

    ScheduleSettings {
        webhookAllowedNetworks = webhookAllowedNetworks == null ? List.of() : List.copyOf(webhookAllowedNetworks);
        webhookTimeout = webhookTimeout == null ? DEFAULT_TIMEOUT : webhookTimeout;
        if (webhookTimeout.isNegative() || webhookTimeout.isZero() || webhookTimeout.compareTo(MAX_TIMEOUT) > 0) {
            throw new IllegalArgumentException("burstline.schedules.webhook-timeout must be between 1 ms and "
                    + MAX_TIMEOUT.toSeconds() + " s, not " + webhookTimeout);
        }
        missedRunGrace = missedRunGrace == null ? DEFAULT_MISSED_RUN_GRACE : missedRunGrace;
        if (missedRunGrace.isNegative()) {
            throw new IllegalArgumentException("burstline.schedules.missed-run-grace must be 0 (make nothing up) or "
                    + "more, not " + missedRunGrace);
        }
        linkBaseUrl = linkBaseUrl == null || linkBaseUrl.isBlank() ? "" : linkBaseUrl.strip().replaceAll("/+$", "");
    }
}
