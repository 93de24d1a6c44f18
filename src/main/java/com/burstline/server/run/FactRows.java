package com.burstline.server.run;

import com.burstline.contract.HostFacts;
import com.burstline.contract.Json;
import com.burstline.contract.NicFacts;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What an agent recorded about a host, and how its NIC counters moved, as label/value rows the run page and the API
 * show. The network card is the one that routes to the peer; where the facts name none, the driver reads "driver
 * unknown" with why, as a run's driver label does, and every card is listed (never the first one that has a driver).
 */
public final class FactRows {
    /** One row; a value the host did not tell is left out rather than shown blank. */
    public record Row(String label, String value) {
    }

    private FactRows() {
    }

    public static List<Row> of(JsonNode facts) {
        return facts == null || !facts.isObject() ? List.of()
                : of(HostFacts.fromJson(Json.parseObject(facts.toString())));
    }

    public static List<Row> of(HostFacts facts) {
        List<Row> rows = new ArrayList<>();
        add(rows, "Instance type", facts.instanceType());
        add(rows, "OS", words(facts.osName(), facts.osVersion(), facts.arch()));
        add(rows, "CPUs", facts.cpus());
        add(rows, "iperf3", words(facts.iperf3Version(), facts.iperf3Path() == null ? null
                : "(" + facts.iperf3Path() + ")"));
        NicFacts nic = facts.routeNic();
        if (nic == null) {
            add(rows, "Driver", facts.routeDriverOrWhyNot());
            facts.interfaces().forEach(each -> add(rows, "Interface", each.summary()));
            return rows;
        }
        add(rows, "Interface", nic.mtu() == null ? nic.name() : nic.name() + ", MTU " + nic.mtu());
        add(rows, "Driver", nic.driverLabelOrWhyNot());
        add(rows, "Firmware", nic.firmwareVersion());
        add(rows, "Link speed", nic.speedMbps() == null ? null : nic.speedMbps() + " Mbit/s");
        return rows;
    }

    /** The interface, then each counter's change during the run ("1,234"); none for a run without counters. */
    public static List<Row> counters(JsonNode nicCounters) {
        JsonNode delta = nicCounters == null ? null : nicCounters.get("delta");
        if (delta == null || !delta.isObject()) {
            return List.of();
        }
        List<Row> rows = new ArrayList<>();
        JsonNode name = nicCounters.get("interface");
        if (name != null && name.isString()) {
            rows.add(new Row("interface", name.stringValue()));
        }
        for (Map.Entry<String, JsonNode> counter : delta.properties()) {
            rows.add(new Row(counter.getKey(), counter.getValue().isIntegralNumber()
                    ? String.format(Locale.ROOT, "%,d", counter.getValue().longValue()) : counter.getValue().toString()));
        }
        return rows;
    }

    private static void add(List<Row> rows, String label, Object value) {
        if (value != null && !value.toString().isBlank()) {
            rows.add(new Row(label, value.toString()));
        }
    }

    private static String words(String... parts) {
        return Stream.of(parts).filter(Objects::nonNull).collect(Collectors.joining(" "));
    }
}
