package com.burstline.server.report;

import com.burstline.contract.HostFacts;
import com.burstline.contract.NicFacts;
import com.burstline.server.fleet.AgentView;
import com.burstline.server.run.FigureText;
import com.burstline.server.run.RunEnvironment;
import com.burstline.server.run.RunSummary;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * The Test Environment table: what was measured (driver, instance type with its burst limit and baseline, the peer)
 * and with what. A run a job measured has its SUT agent's host facts, and they say it best; an uploaded run has what
 * its uploader said. Each row lists the distinct values of all runs together.
 */
final class Environment {
    static final String NOT_RECORDED = "not recorded";

    private Environment() {
    }

    static List<Report.EnvironmentRow> of(List<RunSummary> runs, Map<Long, RunEnvironment> environments) {
        return List.of(
                row("Instance type", runs, environments, (run, facts) -> or(run.labels().instanceType(),
                        facts.instanceType())),
                row("Burst limit", runs, environments, (run, facts) -> limit(run.limits().burstLimitBitsPerSecond())),
                row("Baseline", runs, environments, (run, facts) -> limit(run.limits().baselineBitsPerSecond())),
                row("OS", runs, environments, (run, facts) -> os(facts)),
                row("Driver", runs, environments, (run, facts) -> or(run.labels().driver(), facts.routeDriver())),
                row("Link speed", runs, environments, (run, facts) -> linkSpeed(facts)),
                row("System under test", runs, environments, (run, facts) -> run.labels().sut()),
                row("Peer", runs, environments, (run, facts) -> run.labels().peer()),
                // The host's iperf3 version says nothing about a run its agent's own engine measured.
                row("Tool version", runs, environments, (run, facts) -> run.scenario().tool() + " "
                        + ("iperf3".equals(run.scenario().tool()) ? or(facts.iperf3Version(), run.toolVersion())
                        : run.toolVersion())));
    }

    private static Report.EnvironmentRow row(String item, List<RunSummary> runs, Map<Long, RunEnvironment> environments,
                                             BiFunction<RunSummary, HostFacts, String> value) {
        String values = runs.stream().map(run -> value.apply(run, factsOf(environments.get(run.id()))))
                .filter(Objects::nonNull).distinct().sorted().collect(Collectors.joining(", "));
        return new Report.EnvironmentRow(item, values.isEmpty() ? NOT_RECORDED : values);
    }

    /** The instance type's limit the runs are judged by (the catalog's, or the uploader's); null when unknown. */
    private static String limit(Double bitsPerSecond) {
        return bitsPerSecond == null ? null : FigureText.limit(bitsPerSecond);
    }

    /** "Linux 6.1.0"; null without facts. */
    private static String os(HostFacts facts) {
        String name = facts.osName();
        String version = facts.osVersion();
        return name == null ? null : version == null ? name : name + " " + version;
    }

    /** The speed of the interface that routes to the peer, as the agent read it: "25 Gbit/s". */
    private static String linkSpeed(HostFacts facts) {
        NicFacts nic = facts.routeNic();
        if (nic == null || nic.speedMbps() == null) {
            return null;
        }
        return FigureText.limit(nic.speedMbps() * 1e6);
    }

    private static HostFacts factsOf(RunEnvironment environment) {
        return AgentView.factsOf(environment == null ? null : environment.hostFacts());
    }

    private static String or(String preferred, String fallback) {
        return preferred != null ? preferred : fallback;
    }
}
