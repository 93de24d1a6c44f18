package com.burstline.server.catalog;

import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** EC2 network limits per instance type, read once from {@code catalog/ec2-network-limits.csv}. */
@Component
public class InstanceCatalog {
    private static final String RESOURCE = "catalog/ec2-network-limits.csv";

    private final Map<String, NetworkLimits> byType;

    public InstanceCatalog() {
        this.byType = Collections.unmodifiableMap(load());
    }

    /** The limits of a known type (case-insensitive), or empty for a type the catalog does not list. */
    public Optional<NetworkLimits> find(String instanceType) {
        if (instanceType == null) {
            return Optional.empty();
        }
        return Optional.ofNullable(byType.get(instanceType.strip().toLowerCase(Locale.ROOT)));
    }

    public Collection<NetworkLimits> all() {
        return byType.values();
    }

    private static Map<String, NetworkLimits> load() {
        Map<String, NetworkLimits> limits = new TreeMap<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                new ClassPathResource(RESOURCE).getInputStream(), StandardCharsets.UTF_8))) {
            reader.lines()
                    .filter(line -> !line.isBlank() && !line.startsWith("#") && !line.startsWith("instance_type"))
                    .map(InstanceCatalog::parseLine)
                    .forEach(entry -> limits.put(entry.instanceType(), entry));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the instance catalog " + RESOURCE, e);
        }
        return limits;
    }

    private static NetworkLimits parseLine(String line) {
        String[] cells = line.split(",");
        return new NetworkLimits(cells[0].strip(),
                gbitToBits(cells[1]), gbitToBits(cells[2]));
    }

    /** Decimal arithmetic, so that 0.512 Gbit/s is exactly 512,000,000 bit/s. */
    private static double gbitToBits(String gbit) {
        return new BigDecimal(gbit.strip()).movePointRight(9).doubleValue();
    }
}
