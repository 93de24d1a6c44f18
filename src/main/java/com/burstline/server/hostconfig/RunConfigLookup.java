package com.burstline.server.hostconfig;

import java.util.Collection;
import java.util.Map;

/** Where a comparison finds its runs' configurations ({@link HostConfigs}; none at all in a unit test). */
public interface RunConfigLookup {
    RunConfigLookup NONE = runIds -> new HostConfigs.RunConfigs(Map.of());

    HostConfigs.RunConfigs ofRuns(Collection<Long> runIds);
}
