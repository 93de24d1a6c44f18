package com.burstline.agent;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** iperf3's version, read from {@code iperf3 --version}; decides features such as {@code --json-stream} (3.17+). */
record Iperf3Version(int major, int minor, String text) {
    private static final Pattern VERSION = Pattern.compile("iperf (\\d+)\\.(\\d+)");

    static Iperf3Version parse(String versionOutput) {
        Matcher matcher = VERSION.matcher(versionOutput);
        if (!matcher.find()) {
            throw new IllegalArgumentException("not iperf3's version output: " + versionOutput.strip());
        }
        int major = Integer.parseInt(matcher.group(1));
        int minor = Integer.parseInt(matcher.group(2));
        return new Iperf3Version(major, minor, major + "." + minor);
    }

    /** Runs {@code <path> --version}; throws when the program is missing or is not iperf3. */
    static Iperf3Version of(String iperf3Path) throws InterruptedException {
        try {
            RunningProcess.Outcome outcome = RunningProcess.start(List.of(iperf3Path, "--version"), line -> { })
                    .await(java.time.Duration.ofSeconds(10));
            return parse(outcome.stdoutText());
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("cannot run iperf3 at '" + iperf3Path + "': " + e.getMessage(), e);
        }
    }

    boolean atLeast(int wantedMajor, int wantedMinor) {
        return major > wantedMajor || (major == wantedMajor && minor >= wantedMinor);
    }

    boolean streamsJson() {
        return atLeast(3, 17);
    }
}
