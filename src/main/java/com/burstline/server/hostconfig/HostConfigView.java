package com.burstline.server.hostconfig;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One host's configuration as the API and pages show it: its facts with their labels in the catalog's order, the
 * facts it could not read and why, the readings of the moment, and the audit against the vendor's advice. Several
 * scenarios that read the same configuration share one view ({@code scenarioIds}). Without a configuration,
 * {@code unreadable} says why and the lists are empty.
 *
 * @param role {@code sut} or {@code peer}
 */
public record HostConfigView(String role, String agent, Long configId, String os, String interfaceName,
                             Instant readAt, List<Long> scenarioIds, List<Fact> facts, List<Unknown> unknown,
                             Map<String, Long> readings, List<ConfigAudit.Row> audit, String unreadable) {

    /** @param weight {@code throughput}, {@code tuning} or {@code other} (see {@link FactCatalog.Weight}) */
    public record Fact(String name, String label, String value, String weight) {
    }

    public record Unknown(String name, String label, String reason) {
    }
}
