package com.burstline.server.compare;

import com.burstline.server.catalog.InstanceCatalog;
import com.burstline.server.catalog.NetworkLimits;
import com.burstline.server.fleet.AgentRegistry;
import com.burstline.server.fleet.AgentView;
import org.springframework.stereotype.Component;

import java.util.Optional;

/** A peer's limits from its agent's reported instance type and the instance catalog. */
@Component
class FleetPeerLimits implements PeerLimits {
    private final AgentRegistry agents;
    private final InstanceCatalog catalog;

    FleetPeerLimits(AgentRegistry agents, InstanceCatalog catalog) {
        this.agents = agents;
        this.catalog = catalog;
    }

    @Override
    public Optional<NetworkLimits> of(String peer) {
        return peer == null ? Optional.empty()
                : agents.find(peer).map(AgentView::instanceType).flatMap(catalog::find);
    }
}
