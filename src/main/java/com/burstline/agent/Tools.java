package com.burstline.agent;

import com.burstline.contract.Scenario;
import com.burstline.contract.ScenarioSpec;

import java.util.List;

/**
 * Which tool measures a scenario, for the client role and the server role alike: {@code iperf3} or {@code java} as
 * asked, and {@code auto} = iperf3 when this host has a native binary (its own build, a known quantity), else the
 * engine, so that a host without iperf3 — or with only an emulated build of it, such as the x64 iperf3 on Windows
 * ARM64 — still measures at full speed.
 */
final class Tools {
    private final Iperf3Tool iperf3;
    private final boolean iperf3Native;
    private final EngineTool engine = new EngineTool();
    private final TransactionTool transactions = new TransactionTool();

    /**
     * @param iperf3       null when the host has no usable iperf3 binary
     * @param iperf3Native whether that binary is built for this CPU ({@link ExecutableArchitecture#isNative})
     */
    Tools(Iperf3Tool iperf3, boolean iperf3Native) {
        this.iperf3 = iperf3;
        this.iperf3Native = iperf3 != null && iperf3Native;
    }

    /** {@code iperf3} or {@code burstline-java}: what {@code tool} means on a host with or without a native iperf3. */
    static String resolve(String tool, boolean nativeIperf3) {
        if (Scenario.TOOL_AUTO.equals(tool)) {
            return nativeIperf3 ? Scenario.TOOL_IPERF3 : Scenario.TOOL_ENGINE;
        }
        return Scenario.checkTool(tool);
    }

    /** What {@code tool} means on this host. */
    String resolve(String tool) {
        return resolve(tool, iperf3Native);
    }

    boolean iperf3Present() {
        return iperf3 != null;
    }

    /** The tool for the spec; null when it asks for iperf3 and this host has none. */
    MeasurementTool forSpec(ScenarioSpec spec) {
        if (spec.scenario().requestResponse()) {
            return transactions;
        }
        return Scenario.TOOL_ENGINE.equals(resolve(spec.scenario().tool())) ? engine : iperf3;
    }

    /** Null when the spec can run here, else why not. */
    String cannotRun(ScenarioSpec spec) {
        MeasurementTool tool = forSpec(spec);
        return tool == null ? "tool 'iperf3' was asked for, but this agent has no iperf3 binary (tools: " + names()
                + "); use tool '" + Scenario.TOOL_ENGINE + "' or 'auto'" : tool.cannotRun(spec);
    }

    /** For the host facts: what this agent can run. */
    List<String> names() {
        return iperf3Present() ? List.of(Scenario.TOOL_IPERF3, Scenario.TOOL_ENGINE)
                : List.of(Scenario.TOOL_ENGINE);
    }
}
