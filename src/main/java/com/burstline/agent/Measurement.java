package com.burstline.agent;

import com.burstline.contract.LatencyReport;

import java.util.List;

/**
 * What a tool run produced: the output exactly as the tool printed it, or the reason it failed in words.
 *
 * @param outputFormat {@code json}, {@code json-stream} or {@code burstline-rr}
 * @param latency      what a request/response test measured, as far as it got; null for a throughput tool
 */
record Measurement(boolean succeeded, String error, String output, String outputFormat, String stderrTail,
                   List<String> command, Integer exitCode, LatencyReport latency) {
    Measurement(boolean succeeded, String error, String output, String outputFormat, String stderrTail,
                List<String> command, Integer exitCode) {
        this(succeeded, error, output, outputFormat, stderrTail, command, exitCode, null);
    }

    Measurement withLatency(LatencyReport report) {
        return new Measurement(succeeded, error, output, outputFormat, stderrTail, command, exitCode, report);
    }
}
