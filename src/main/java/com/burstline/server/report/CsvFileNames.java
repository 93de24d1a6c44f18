package com.burstline.server.report;

import org.springframework.util.MultiValueMap;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A CSV download named after its selection, so that several exports in one folder say what they hold:
 * {@code burstline-runs-job-2.csv}, {@code burstline-intervals-driver-ena-protocol-tcp.csv},
 * {@code burstline-runs-all.csv}. Only letters, digits, dots and dashes survive; long names are cut.
 */
final class CsvFileNames {
    private static final int MAX_LENGTH = 120;
    private static final List<String> ORDER = List.of("job", "run", "sut", "peer", "driver", "instanceType",
            "protocol", "direction", "tag", "from", "to");

    private CsvFileNames() {
    }

    static String of(String what, MultiValueMap<String, String> params) {
        String selection = ORDER.stream().filter(params::containsKey)
                .map(name -> Map.entry(name, values(params.get(name))))
                .filter(entry -> !entry.getValue().isEmpty())
                .map(entry -> entry.getKey() + "-" + entry.getValue())
                .collect(Collectors.joining("-"));
        String name = "burstline-" + what + "-" + (selection.isEmpty() ? "all" : selection);
        String safe = name.replaceAll("[^A-Za-z0-9.-]+", "-").replaceAll("-{2,}", "-").replaceAll("-$", "");
        return (safe.length() > MAX_LENGTH ? safe.substring(0, MAX_LENGTH) : safe) + ".csv";
    }

    private static String values(List<String> values) {
        return values.stream().filter(value -> value != null && !value.isBlank()).map(String::strip)
                .collect(Collectors.joining("-"));
    }
}
