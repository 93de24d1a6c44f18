package com.burstline.agent;

import com.burstline.contract.Fields;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link WindowsConfigReader}'s JSON as facts. Settings Linux has too get Linux's names (the RSS queue count is
 * {@code nic.channels.combined}, receive and transmit buffers are {@code nic.rings.rx} and {@code tx}, LSO is
 * {@code nic.offload.tso}), so that a comparison across the two reads them as one; every other advanced property
 * is {@code nic.adv.<RegistryKeyword>} with its display value.
 */
final class WindowsConfigJson {
    /** Standardized INF keywords (Microsoft) taken into the shared names; their values are registry numbers. */
    private static final Map<String, String> KEYWORDS = Map.of("*ReceiveBuffers", "nic.rings.rx",
            "*TransmitBuffers", "nic.rings.tx", "*JumboPacket", "nic.jumboPacket",
            "*InterruptModeration", "nic.coalesce.interruptModeration", "*LsoV2IPv4", "nic.offload.tso",
            "*LsoV2IPv6", "nic.offload.tso6");
    /** Read from Get-NetAdapterRss and Get-NetAdapterRsc instead, which say what is in effect. */
    private static final Set<String> LEFT_OUT = Set.of("*RSS", "*NumRssQueues", "*RscIPv4", "*RscIPv6");

    private WindowsConfigJson() {
    }

    static void read(Map<String, Object> json, ConfigFacts facts) {
        if (json.get("error") instanceof String error) {
            facts.unknown("nic", error);
            return;
        }
        Fields parts = new Fields(json);
        adapter(parts, facts);
        advanced(parts, facts);
        receiveSide(parts, facts);
        stack(parts, facts);
        cpus(parts, facts);
    }

    private static void adapter(Fields parts, ConfigFacts facts) {
        part(parts, "ipInterface", "nic.mtu", facts, ip -> facts.put("nic.mtu", ip.optionalString("NlMtu")));
        part(parts, "adapter", "nic.driver", facts, adapter -> {
            facts.put("nic.driver", adapter.optionalString("DriverDescription"));
            facts.put("nic.driverVersion", adapter.optionalString("DriverVersionString"));
            facts.put("nic.linkSpeed", adapter.optionalString("LinkSpeed"));
            if (!facts.has("nic.mtu")) {
                facts.put("nic.mtu", adapter.optionalString("MtuSize"));
            }
        });
    }

    /** RSS and RSC as the adapter has them in effect. */
    private static void receiveSide(Fields parts, ConfigFacts facts) {
        part(parts, "rss", "nic.rss", facts, rss -> {
            facts.put("nic.rss", onOff(rss.optionalString("Enabled")));
            facts.put("nic.channels.combined", rss.optionalString("NumberOfReceiveQueues"));
            facts.put("nic.channels.combined.max", rss.optionalString("MaxNumberOfReceiveQueues"));
            facts.put("nic.rss.profile", rss.optionalString("Profile"));
            facts.put("nic.rss.maxProcessors", rss.optionalString("MaxProcessors"));
        });
        part(parts, "rsc", "nic.offload.rsc", facts, rsc -> {
            facts.put("nic.offload.rscIpv4", onOff(rsc.optionalString("IPv4Enabled")));
            facts.put("nic.offload.rscIpv6", onOff(rsc.optionalString("IPv6Enabled")));
            facts.put("nic.offload.rscIpv4Operational", onOff(rsc.optionalString("IPv4OperationalState")));
        });
    }

    /** TCP's settings, the global offloads ({@code netsh int tcp show global}) and the OS. */
    private static void stack(Fields parts, ConfigFacts facts) {
        part(parts, "tcp", "tcp", facts, tcp -> {
            facts.put("tcp.congestionProvider", tcp.optionalString("CongestionProvider"));
            facts.put("tcp.autoTuningLevel", tcp.optionalString("AutoTuningLevelLocal"));
            facts.put("tcp.ecn", tcp.optionalString("EcnCapability"));
            facts.put("tcp.timestamps", tcp.optionalString("Timestamps"));
        });
        part(parts, "offload", "tcp.global", facts, global -> {
            for (String name : List.of("ReceiveSideScaling", "ReceiveSegmentCoalescing", "Chimney", "TaskOffload",
                    "PacketCoalescingFilter")) {
                facts.put("tcp.global." + EthtoolSettings.camel(name.replaceAll("([a-z])([A-Z])", "$1 $2")),
                        global.optionalString(name));
            }
        });
        part(parts, "os", "os", facts, os -> {
            facts.put("os.name", os.optionalString("Caption"));
            facts.put("os.build", os.optionalString("Version"));
        });
    }

    private static void advanced(Fields parts, ConfigFacts facts) {
        if (parts.object("advanced").get("error") instanceof String error) {
            facts.unknown("nic.adv", error);
            return;
        }
        for (Map<String, Object> property : parts.objects("advanced")) {
            Fields fields = new Fields(property);
            String keyword = fields.optionalString("RegistryKeyword");
            if (keyword == null || LEFT_OUT.contains(keyword)) {
                continue;
            }
            List<String> registry = fields.strings("RegistryValue");
            String shared = KEYWORDS.get(keyword);
            if (shared == null) {
                facts.put("nic.adv." + keyword, fields.optionalString("DisplayValue"));
            } else if (!registry.isEmpty()) {
                boolean onOff = shared.startsWith("nic.offload.") || shared.startsWith("nic.coalesce.");
                facts.put(shared, onOff ? ("0".equals(registry.get(0)) ? "off" : "on") : registry.get(0));
            }
        }
    }

    private static void cpus(Fields parts, ConfigFacts facts) {
        if (parts.object("cpu").get("error") instanceof String error) {
            facts.unknown("cpu", error);
            return;
        }
        List<Map<String, Object>> cpus = parts.objects("cpu");
        if (cpus.isEmpty()) {
            return;
        }
        facts.put("cpu.model", new Fields(cpus.get(0)).optionalString("Name"));
        int logical = 0;
        for (Map<String, Object> cpu : cpus) {
            String count = new Fields(cpu).optionalString("NumberOfLogicalProcessors");
            logical += count == null || !count.matches("\\d+") ? 0 : Integer.parseInt(count);
        }
        facts.put("cpu.count", logical == 0 ? null : String.valueOf(logical));
    }

    private interface PartReader {
        void read(Fields part);
    }

    /** One object of the answer; its {@code error} makes {@code group} unknown with PowerShell's words. */
    private static void part(Fields parts, String name, String group, ConfigFacts facts, PartReader reader) {
        Map<String, Object> part = parts.object(name);
        if (part.get("error") instanceof String error) {
            facts.unknown(group, error);
        } else if (part.isEmpty()) {
            facts.unknown(group, "PowerShell gave no " + name);
        } else {
            reader.read(new Fields(part));
        }
    }

    /** "True" and "False", as PowerShell writes a boolean as text. */
    private static String onOff(String bool) {
        return bool == null ? null : Boolean.parseBoolean(bool) ? "on" : "off";
    }
}
