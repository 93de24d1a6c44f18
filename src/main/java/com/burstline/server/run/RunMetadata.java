package com.burstline.server.run;

import java.util.List;

/**
 * What the uploader says about a run, beside what iperf3 printed. All optional.
 *
 * @param sut            the host that ran the iperf3 client (the system under test)
 * @param peer           the host that ran the iperf3 server
 * @param burstLimitGbps overrides the instance catalog's burst limit
 * @param baselineGbps   overrides the instance catalog's baseline
 */
public record RunMetadata(String sut, String peer, String instanceType, String driver, List<String> tags,
                          Double burstLimitGbps, Double baselineGbps) {
    public RunMetadata {
        sut = blankToNull(sut);
        peer = blankToNull(peer);
        instanceType = blankToNull(instanceType);
        driver = blankToNull(driver);
        tags = tags == null ? List.of() : tags.stream()
                .filter(tag -> tag != null && !tag.isBlank())
                .map(String::strip)
                .distinct()
                .sorted()
                .toList();
    }

    /** What the uploader named, without the limits it may set. */
    public Labels labels() {
        return new Labels(sut, peer, instanceType, driver, tags);
    }

    public static RunMetadata none() {
        return new RunMetadata(null, null, null, null, List.of(), null, null);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
