package com.burstline.server.compare;

import com.burstline.server.catalog.NetworkLimits;

import java.util.Optional;

/**
 * The network limits of a run's peer. Runs store only the peer's name, so its instance type comes from the agent of
 * that name (its facts) and the limits from the instance catalog; empty when either is unknown.
 */
@FunctionalInterface
interface PeerLimits {
    Optional<NetworkLimits> of(String peer);
}
