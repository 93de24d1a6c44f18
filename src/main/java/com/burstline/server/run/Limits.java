package com.burstline.server.run;

import com.burstline.server.catalog.InstanceCatalog;
import com.burstline.server.catalog.NetworkLimits;
import jakarta.persistence.Embeddable;

import java.math.BigDecimal;
import java.util.Optional;

/**
 * The limits a run is judged against, in bit/s: its labels' overrides first, then the instance catalog's for its
 * instance type, else none. The field names are part of the API.
 */
@Embeddable
public record Limits(Double burstLimitBitsPerSecond, Double baselineBitsPerSecond) {
    public static final Limits NONE = new Limits(null, null);

    static Limits resolve(RunMetadata metadata, InstanceCatalog catalog) {
        Optional<NetworkLimits> listed = catalog.find(metadata.instanceType());
        Double burst = metadata.burstLimitGbps() != null
                ? gbitToBits(metadata.burstLimitGbps())
                : listed.map(NetworkLimits::burstBitsPerSecond).orElse(null);
        Double baseline = metadata.baselineGbps() != null
                ? gbitToBits(metadata.baselineGbps())
                : listed.map(NetworkLimits::baselineBitsPerSecond).orElse(null);
        return new Limits(burst, baseline);
    }

    /** Decimal arithmetic, so that 0.512 Gbit/s becomes exactly 512,000,000 bit/s. */
    private static Double gbitToBits(double gbit) {
        return BigDecimal.valueOf(gbit).movePointRight(9).doubleValue();
    }
}
