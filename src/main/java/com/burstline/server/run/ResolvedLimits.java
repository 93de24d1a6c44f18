package com.burstline.server.run;

import com.burstline.server.catalog.InstanceCatalog;
import com.burstline.server.catalog.NetworkLimits;

import java.math.BigDecimal;
import java.util.Optional;

/** The limits a run is judged against: the upload's overrides first, then the instance catalog, else none. */
record ResolvedLimits(Double burstBitsPerSecond, Double baselineBitsPerSecond) {

    static ResolvedLimits of(RunMetadata metadata, InstanceCatalog catalog) {
        Optional<NetworkLimits> listed = catalog.find(metadata.instanceType());
        Double burst = metadata.burstLimitGbps() != null
                ? gbitToBits(metadata.burstLimitGbps())
                : listed.map(NetworkLimits::burstBitsPerSecond).orElse(null);
        Double baseline = metadata.baselineGbps() != null
                ? gbitToBits(metadata.baselineGbps())
                : listed.map(NetworkLimits::baselineBitsPerSecond).orElse(null);
        return new ResolvedLimits(burst, baseline);
    }

    /** Decimal arithmetic, so that 0.512 Gbit/s becomes exactly 512,000,000 bit/s. */
    private static Double gbitToBits(double gbit) {
        return BigDecimal.valueOf(gbit).movePointRight(9).doubleValue();
    }
}
