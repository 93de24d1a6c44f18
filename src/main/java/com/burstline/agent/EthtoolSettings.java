package com.burstline.agent;

import com.burstline.contract.EnaCounters;

import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads ethtool's settings as configuration facts: channels ({@code -l}) and rings ({@code -g}), which print a
 * "Pre-set maximums" and a "Current hardware settings" block; coalescing ({@code -c}); offloads ({@code -k}); and
 * ENA Express's mode and resource utilisation from the statistics ({@code -S}). Settings a NIC does not have
 * ("n/a") are left out; names become camel case ("RX Mini" is {@code rxMini}).
 */
final class EthtoolSettings {
    /** The offloads that change throughput, by ethtool's names; sub-features (indented lines) are left out. */
    static final Map<String, String> OFFLOADS = Map.of("tcp-segmentation-offload", "tso",
            "generic-segmentation-offload", "gso", "generic-receive-offload", "gro",
            "large-receive-offload", "lro", "rx-checksumming", "rxChecksum", "tx-checksumming", "txChecksum",
            "scatter-gather", "sg", "rx-gro-hw", "groHw", "receive-hashing", "rxhash");
    /** "Adaptive RX: off  TX: n/a" and "CQE mode RX: n/a  TX: n/a": two settings on one line. */
    private static final Pattern RX_TX = Pattern.compile("(.*?)RX:\\s*(\\S+)\\s+TX:\\s*(\\S+)\\s*");

    private EthtoolSettings() {
    }

    /** {@code ethtool -l} or {@code -g}: current values as {@code prefix.name}, maximums as {@code prefix.name.max}. */
    static void maximumsAndCurrent(String output, String prefix, ConfigFacts facts) {
        String suffix = null;
        for (String line : output.split("\n")) {
            if (line.startsWith("Pre-set maximums")) {
                suffix = ".max";
            } else if (line.startsWith("Current hardware settings")) {
                suffix = "";
            } else if (suffix != null && line.indexOf(':') > 0) {
                String value = line.substring(line.indexOf(':') + 1).strip();
                if (!value.equals("n/a")) {
                    facts.put(prefix + "." + camel(line.substring(0, line.indexOf(':'))) + suffix, value);
                }
            }
        }
    }

    /** {@code ethtool -c}: every setting the NIC has, as {@code nic.coalesce.rxUsecs}, {@code adaptiveRx}, … */
    static void coalesce(String output, ConfigFacts facts) {
        for (String line : output.split("\n")) {
            Matcher both = RX_TX.matcher(line);
            if (both.matches()) {
                putUnlessNa(facts, "nic.coalesce." + camel(both.group(1) + " rx"), both.group(2));
                putUnlessNa(facts, "nic.coalesce." + camel(both.group(1) + " tx"), both.group(3));
            } else if (line.indexOf(':') > 0 && !line.startsWith("Coalesce parameters")) {
                putUnlessNa(facts, "nic.coalesce." + camel(line.substring(0, line.indexOf(':'))),
                        line.substring(line.indexOf(':') + 1).strip());
            }
        }
    }

    /** {@code ethtool -k}: "on" or "off" for each offload in {@link #OFFLOADS} ("[fixed]" is left out). */
    static void offloads(String output, ConfigFacts facts) {
        for (String line : output.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && !Character.isWhitespace(line.charAt(0))) {
                String name = OFFLOADS.get(line.substring(0, colon));
                if (name != null) {
                    facts.put("nic.offload." + name, line.substring(colon + 1).strip().split("\\s+")[0]);
                }
            }
        }
    }

    /**
     * {@code ethtool -S}: ENA Express's mode as a fact, its resource utilisation as a reading (it changes with the
     * host's SRD connections). An ENA NIC without them runs a driver before 2.8, which AWS names as the first with
     * these metrics.
     */
    static void enaExpress(String output, boolean ena, ConfigFacts facts) {
        Map<String, Long> stats = new java.util.LinkedHashMap<>();
        for (String line : output.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                try {
                    stats.put(line.substring(0, colon).strip(), Long.parseLong(line.substring(colon + 1).strip()));
                } catch (NumberFormatException notACounter) {
                    // "NIC statistics:" and the like
                }
            }
        }
        if (stats.containsKey(EnaCounters.SRD_MODE)) {
            facts.put("ena.srdMode", String.valueOf(stats.get(EnaCounters.SRD_MODE)));
        } else if (ena) {
            facts.unknown("ena.srdMode", "ethtool -S shows no ena_srd_* statistics: ENA Express metrics need ENA "
                    + "driver 2.8 or later");
        }
        Long utilisation = stats.get(EnaCounters.SRD_RESOURCE_UTILIZATION);
        if (utilisation != null) {
            facts.reading(EnaCounters.SRD_RESOURCE_UTILIZATION, utilisation);
        }
    }

    /** "RX Mini" to {@code rxMini}, "rx-usecs" to {@code rxUsecs}, "TX push buff len" to {@code txPushBuffLen}. */
    static String camel(String words) {
        StringBuilder name = new StringBuilder();
        for (String word : words.strip().toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (word.isEmpty()) {
                continue;
            }
            name.append(name.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return name.toString();
    }

    private static void putUnlessNa(ConfigFacts facts, String name, String value) {
        if (!value.equals("n/a")) {
            facts.put(name, value);
        }
    }
}
