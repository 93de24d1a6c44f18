package com.burstline.agent;

import com.burstline.contract.HostConfigRequest;

import java.util.Map;

/**
 * {@code POST /v1/host-config}: the configuration of the interface this host would use towards the other host of a
 * scenario. The server asks both agents before each scenario; the reading changes nothing on the host, and may have
 * been made right after the job's previous measurement ({@link ConfigReadAhead}). The other
 * host must be one this agent may measure against ({@code --allowed-peers}), as for a scenario.
 */
final class HostConfigEndpoint {
    private final FactsCollector facts;
    private final ConfigReadAhead reader;
    private final AllowedPeers allowedPeers;

    HostConfigEndpoint(FactsCollector facts, ConfigReadAhead reader, AllowedPeers allowedPeers) {
        this.facts = facts;
        this.reader = reader;
        this.allowedPeers = allowedPeers;
    }

    AgentHttpApi.EndpointResult read(Map<String, Object> body) {
        HostConfigRequest request = HostConfigRequest.fromJson(body);
        allowedPeers.check(request.towards());
        return new AgentHttpApi.EndpointResult(200, reader.read(
                facts.routeTowards(request.jobId(), request.towards()), request.jobId()).toJson());
    }
}
