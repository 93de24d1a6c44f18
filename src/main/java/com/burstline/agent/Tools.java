package com.burstline.agent;

import com.burstline.contract.ScenarioSpec;

import java.util.List;

/**
 * Which tool measures a scenario: {@code iperf3} or {@code java} as asked, and {@code auto} = iperf3 when this host
 * has a native binary (its own build, a known quantity), else the engine, so that a host without iperf3 — or without
 * a native build of it, such as Windows on ARM64 — still measures.
 */
final class Tools {
    private final Iperf3Tool iperf3;
    private final EngineTool engine = new EngineTool();

    /** @param iperf3 null when the host has no usable iperf3 binary */
    Tools(Iperf3Tool iperf3) {
        this.iperf3 = iperf3;
    }

    /** {@code iperf3} or {@code java}: what {@code tool} means on a host with or without iperf3. */
    static String resolve(String tool, boolean iperf3Present) {
        if (ScenarioSpec.TOOL_AUTO.equals(tool)) {
            return iperf3Present ? ScenarioSpec.TOOL_IPERF3 : ScenarioSpec.TOOL_JAVA;
        }
        return ScenarioSpec.checkTool(tool);
    }

    boolean iperf3Present() {
        return iperf3 != null;
    }

    /** The tool for the spec; null when it asks for iperf3 and this host has none. */
    MeasurementTool forSpec(ScenarioSpec spec) {
        return ScenarioSpec.TOOL_JAVA.equals(resolve(spec.tool(), iperf3Present())) ? engine : iperf3;
    }

    /** Null when the spec can run here, else why not. */
    String cannotRun(ScenarioSpec spec) {
        MeasurementTool tool = forSpec(spec);
        return tool == null ? "tool 'iperf3' was asked for, but this agent has no iperf3 binary (tools: " + names()
                + "); use tool 'java' or 'auto'" : tool.cannotRun(spec);
    }

    /** For the host facts: what this agent can run. */
    List<String> names() {
        return iperf3Present() ? List.of(ScenarioSpec.TOOL_IPERF3, ScenarioSpec.TOOL_JAVA)
                : List.of(ScenarioSpec.TOOL_JAVA);
    }
}
