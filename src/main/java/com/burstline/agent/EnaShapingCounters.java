package com.burstline.agent;

import com.burstline.contract.EnaCounters;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Windows' "ENA Packets Shaping" performance counters of one adapter, under the names Linux's {@code ethtool -S}
 * uses, so that the server sees one set of names whatever the host. The counter set has an instance per ENA adapter
 * ({@code ENA #1}, {@code ENA #2}, …); Windows numbers adapters of one kind the same way in their descriptions
 * ("Amazon Elastic Network Adapter", "… #2"), so an adapter's description names its instance. A host with one ENA
 * adapter has one instance, which is then that adapter's whatever it is called. Another adapter, or one whose
 * instance is not there, has none of these counters: they are never summed over adapters.
 */
final class EnaShapingCounters {
    private static final Map<String, String> BY_WINDOWS_NAME = Map.of(
            "aggregate inbound bw allowance exceeded", EnaCounters.BW_IN,
            "aggregate outbound bw allowance exceeded", EnaCounters.BW_OUT,
            "pps allowance exceeded", EnaCounters.PPS,
            "connection tracking allowance exceeded", EnaCounters.CONNTRACK,
            "link local packet rate allowance exceeded", EnaCounters.LINKLOCAL);
    private static final String ENA_DESCRIPTION = "elastic network adapter";
    private static final Pattern ADAPTER_NUMBER = Pattern.compile("#(\\d+)\\s*$");

    private EnaShapingCounters() {
    }

    /**
     * One PowerShell command: the adapter's description and every sample of the counter set, as JSON
     * ({@code {"Adapter": …, "Samples": [{"Path", "InstanceName", "CookedValue"}, …]}}).
     *
     * @param adapterLiteral the adapter's name as a PowerShell literal
     */
    static String command(String adapterLiteral) {
        return "[pscustomobject]@{ Adapter = (Get-NetAdapter -Name " + adapterLiteral + ").InterfaceDescription; "
                + "Samples = @((Get-Counter -Counter '\\ENA Packets Shaping(*)\\*' -ErrorAction Stop).CounterSamples"
                + " | Select-Object Path, InstanceName, CookedValue) } | ConvertTo-Json -Compress -Depth 3";
    }

    /** The counters of the adapter in {@link #command}'s output; empty when it has none or the output is none. */
    @SuppressWarnings("unchecked")
    static Map<String, Long> ofAdapter(String json) {
        Map<String, Long> counters = new LinkedHashMap<>();
        List<Map<String, Object>> answer = WindowsPlatform.objects(json);
        if (answer.isEmpty() || !(answer.get(0).get("Adapter") instanceof String description)) {
            return counters;
        }
        List<Map<String, Object>> samples = answer.get(0).get("Samples") instanceof List<?> list
                ? (List<Map<String, Object>>) list : List.of();
        String instance = instanceOf(description, samples.stream()
                .map(sample -> String.valueOf(sample.get("InstanceName")).toLowerCase(Locale.ROOT)).distinct().toList());
        for (Map<String, Object> sample : samples) {
            String name = canonicalName(String.valueOf(sample.get("Path")));
            if (instance != null && name != null && instance.equalsIgnoreCase(String.valueOf(sample.get("InstanceName")))
                    && sample.get("CookedValue") instanceof Number value) {
                counters.put(name, value.longValue());
            }
        }
        return counters;
    }

    /** "Amazon Elastic Network Adapter #2" → "ena #2"; null for an adapter that is not ENA or has no instance. */
    static String instanceOf(String interfaceDescription, List<String> instances) {
        if (!interfaceDescription.toLowerCase(Locale.ROOT).contains(ENA_DESCRIPTION) || instances.isEmpty()) {
            return null;
        }
        if (instances.size() == 1) {
            return instances.get(0);
        }
        Matcher number = ADAPTER_NUMBER.matcher(interfaceDescription);
        String wanted = "ena #" + (number.find() ? number.group(1) : "1");
        return instances.contains(wanted) ? wanted : null;
    }

    /** {@code \\host\ena packets shaping(ena #1)\pps allowance exceeded} → {@code pps_allowance_exceeded}. */
    static String canonicalName(String counterPath) {
        int lastSlash = counterPath.lastIndexOf('\\');
        String counter = counterPath.substring(lastSlash + 1).strip().toLowerCase(Locale.ROOT);
        return BY_WINDOWS_NAME.get(counter);
    }
}
