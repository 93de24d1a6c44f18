package com.burstline.server.report;

import com.burstline.server.run.RunSummary;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The Test Environment table: what the runs recorded about their hosts; several values are listed together. */
final class Environment {
    static final String NOT_RECORDED = "not recorded";

    private Environment() {
    }

    static List<Report.EnvironmentRow> of(List<RunSummary> runs) {
        return List.of(
                row("Instance type", runs, RunSummary::instanceType),
                row("OS", runs, run -> null),
                row("Driver", runs, RunSummary::driver),
                row("Link speed", runs, run -> null),
                row("System under test", runs, RunSummary::sut),
                row("Peer", runs, RunSummary::peer),
                row("Tool version", runs, run -> run.tool() + " " + run.toolVersion()));
    }

    private static Report.EnvironmentRow row(String item, List<RunSummary> runs, Function<RunSummary, String> value) {
        String values = runs.stream().map(value).filter(Objects::nonNull).distinct().sorted()
                .collect(Collectors.joining(", "));
        return new Report.EnvironmentRow(item, values.isEmpty() ? NOT_RECORDED : values);
    }
}
