package com.burstline.server.report;

import java.util.List;

/**
 * Everything the Markdown and HTML reports show, already worded and formatted; both render exactly this.
 * {@code groupColumn} heads the group column ("Driver", "Job", ...), null when the selection is one group;
 * {@code asymmetry} sets each upload beside its download twin (null when no scenario ran both ways);
 * {@code jobIds} are the jobs that measured the runs (none for uploads); {@code probes} the latest burst probes of
 * the runs' SUTs; {@code latency} each scenario's latency figure per group (Compare's, lower is better).
 */
record Report(String title, int runCount, List<EnvironmentRow> environment, String groupColumn, List<TcpRow> tcp,
              List<UdpRow> udp, String asymmetry, List<AnalysisLine> analysis, List<String> commands, String query,
              List<Long> jobIds, List<ProbeRow> probes, List<LatencyRow> latency) {

    /** One scenario's latency figure (the probe's loaded p99, or request/response transactions' p99) of a group. */
    record LatencyRow(String group, String scenario, String direction, String figure, String p99, String idleP99,
                      String runs) {
    }

    /**
     * One line of the Analysis: a finding kind's (its id from the findings catalog, in bold) or a comparison's
     * verdict ({@code kind} null); {@code text} is words for people, rendered as text wherever it goes.
     */
    record AnalysisLine(String kind, String text) {
    }

    record EnvironmentRow(String item, String value) {
    }

    /** The latest burst probe of one direction of a SUT of the report, already worded. */
    record ProbeRow(String host, String direction, String burst, String lasted, String baseline, String credit,
                    long jobId) {
    }

    /**
     * One TCP scenario and direction (and group, when several are compared), judged against the burst limit;
     * {@code verdict} says what decided what arrived.
     */
    record TcpRow(String group, String scenario, String direction, String received, String verdict,
                  String shareOfBurstLimit, String retransmits) {
    }

    /** One UDP scenario and direction, judged against its own target by what was sent; loss is of what was sent. */
    record UdpRow(String group, String scenario, String direction, String target, String sent, String received,
                  String verdict, String sentShareOfTarget, String packetLoss, String jitter) {
    }
}
