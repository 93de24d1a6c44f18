package com.burstline.contract;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an agent reports about its host: at registration, and with every result (then with the interface that routes
 * to the peer). The server keeps the JSON as sent and reads it through this record; a value the host does not tell
 * is null.
 */
public record HostFacts(String osName, String osVersion, String arch, Integer cpus, String javaVersion,
                        String iperf3Path, String iperf3Version, String instanceType, List<NicFacts> interfaces,
                        String routeInterface, List<String> tools) {
    public static final String OS_NAME = "osName";
    public static final String OS_VERSION = "osVersion";
    public static final String ARCH = "arch";
    public static final String CPUS = "cpus";
    public static final String JAVA_VERSION = "javaVersion";
    public static final String IPERF3_PATH = "iperf3Path";
    public static final String IPERF3_VERSION = "iperf3Version";
    public static final String INSTANCE_TYPE = "instanceType";
    public static final String INTERFACES = "interfaces";
    public static final String ROUTE_INTERFACE = "routeInterface";
    /** The measurement tools the agent can run: {@code iperf3} when a binary is installed, {@code java} always. */
    public static final String TOOLS = "tools";

    public HostFacts {
        interfaces = interfaces == null ? List.of() : List.copyOf(interfaces);
        tools = tools == null ? List.of() : List.copyOf(tools);
    }

    /** Lenient: facts are shown to people, so a value of the wrong type is simply unknown. */
    public static HostFacts fromJson(Map<String, Object> json) {
        Fields fields = new Fields(json);
        Long cpus = fields.optionalNumber(CPUS);
        return new HostFacts(fields.optionalString(OS_NAME), fields.optionalString(OS_VERSION),
                fields.optionalString(ARCH), cpus == null ? null : cpus.intValue(),
                fields.optionalString(JAVA_VERSION), fields.optionalString(IPERF3_PATH),
                fields.optionalString(IPERF3_VERSION), fields.optionalString(INSTANCE_TYPE),
                fields.objects(INTERFACES).stream().map(NicFacts::fromJson).toList(),
                fields.optionalString(ROUTE_INTERFACE), fields.strings(TOOLS));
    }

    public Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put(OS_NAME, osName);
        json.put(OS_VERSION, osVersion);
        json.put(ARCH, arch);
        json.put(CPUS, cpus);
        json.put(JAVA_VERSION, javaVersion);
        json.put(IPERF3_PATH, iperf3Path);
        json.put(IPERF3_VERSION, iperf3Version);
        json.put(INSTANCE_TYPE, instanceType);
        json.put(INTERFACES, interfaces.stream().map(NicFacts::toJson).toList());
        json.put(ROUTE_INTERFACE, routeInterface);
        json.put(TOOLS, tools);
        return json;
    }

    /** The same facts for a run against a peer: which interface carries the traffic. */
    public HostFacts withRoute(String interfaceName) {
        return new HostFacts(osName, osVersion, arch, cpus, javaVersion, iperf3Path, iperf3Version, instanceType,
                interfaces, interfaceName, tools);
    }

    /** The interface that routes to the peer, when the facts name one and list it; else null. */
    public NicFacts routeNic() {
        if (routeInterface == null) {
            return null;
        }
        return interfaces.stream().filter(nic -> routeInterface.equals(nic.name())).findFirst().orElse(null);
    }

    /**
     * What a run's {@code driver} label says: "ena 2.11.0" for the interface that routes to the peer, or
     * "driver unknown: " and why (the agent's reason, or that no interface routes to the peer).
     */
    public String routeDriverOrWhyNot() {
        if (routeInterface == null) {
            return "driver unknown: the host names no interface that routes to the peer";
        }
        NicFacts nic = routeNic();
        return nic == null ? "driver unknown: the route's interface " + routeInterface + " is not among the host's"
                : nic.driverLabelOrWhyNot();
    }

    /** "ena 2.11.0" for the interface that routes to the peer; null when unknown. */
    public String routeDriver() {
        NicFacts nic = routeNic();
        return nic == null ? null : nic.driverLabel();
    }
}
