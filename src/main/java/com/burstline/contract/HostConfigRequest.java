package com.burstline.contract;

import java.util.Map;

/**
 * {@code POST /v1/host-config}: read this host's configuration for the interface that routes {@code towards} the
 * other host of a scenario (the peer's test address for the SUT, the SUT's for the peer).
 */
public record HostConfigRequest(String towards) {
    public HostConfigRequest {
        NameRules.checkHost("towards", towards);
    }

    public static HostConfigRequest fromJson(Map<String, Object> json) {
        return new HostConfigRequest(new Fields(json).requireString("towards", NameRules.MAX_HOST));
    }

    public Map<String, Object> toJson() {
        return Map.of("towards", towards);
    }
}
