package com.burstline.server.compare;

import com.burstline.server.hostconfig.ConfigDifferences;
import com.burstline.server.hostconfig.HostConfigs;
import com.burstline.server.run.RunSummary;

import java.util.List;
import java.util.Set;

/**
 * What else differs between two groups of a comparison besides what they are grouped by: grouped by driver, the
 * driver's own facts differ by design and are left out; grouped by a fact, that fact is.
 */
record OtherDifferences(HostConfigs.RunConfigs hosts, GroupBy groupBy, ConfigFact fact) {

    ConfigDifferences between(List<RunSummary> base, String baseLabel, List<RunSummary> other, String otherLabel) {
        Set<String> byDesign = switch (groupBy) {
            case DRIVER -> Set.of("nic.driver", "nic.driverVersion");
            case CONFIG -> Set.of(fact.name());
            default -> Set.of();
        };
        return ConfigDifferences.between(hosts, base.stream().map(RunSummary::id).toList(), baseLabel,
                other.stream().map(RunSummary::id).toList(), otherLabel, byDesign);
    }

    /** What "this is not the … alone" names. */
    String dimension() {
        return switch (groupBy) {
            case INSTANCE_TYPE -> "instance type";
            case SUT -> "SUT";
            case CONFIG -> fact.words();
            default -> groupBy.apiName();
        };
    }
}
