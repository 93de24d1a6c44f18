package com.burstline.testsupport;

import com.burstline.contract.Json;
import com.burstline.contract.LatencyReport;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The loaded-latency probe's real report (src/test/resources/latency/probe-report-loopback.json) and, for issue 31's
 * driver update that doubled round trips at the same throughput, the same report with every time in it doubled.
 */
public final class LatencyReports {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private LatencyReports() {
    }

    public static LatencyReport probe() {
        try (InputStream in = LatencyReports.class.getClassLoader()
                .getResourceAsStream("latency/probe-report-loopback.json")) {
            return LatencyReport.fromJson(Json.parseObject(in.readAllBytes()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The report with every time in it (each field ending in {@code Ms}) doubled, counts and rates as they were. */
    public static LatencyReport doubled(LatencyReport report) {
        JsonNode json = JSON.readTree(Json.write(report.toJson()));
        doubleTimes(json);
        return LatencyReport.fromJson(Json.parseObject(json.toString().getBytes(StandardCharsets.UTF_8)));
    }

    private static void doubleTimes(JsonNode node) {
        if (node instanceof ObjectNode object) {
            for (String name : List.copyOf(object.propertyNames())) {
                JsonNode value = object.get(name);
                if (name.endsWith("Ms") && value.isNumber()) {
                    object.put(name, value.doubleValue() * 2);
                } else {
                    doubleTimes(value);
                }
            }
        } else if (node.isArray()) {
            node.forEach(LatencyReports::doubleTimes);
        }
    }
}
