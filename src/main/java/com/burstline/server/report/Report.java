package com.burstline.server.report;

import java.util.List;

/**
 * Everything the Markdown and HTML reports show, already worded and formatted; both render exactly this.
 * {@code groupColumn} heads the group column ("Driver", "Job", ...), null when the selection is one group;
 * {@code jobIds} are the jobs that measured the runs (none for uploads).
 */
record Report(String title, int runCount, List<EnvironmentRow> environment, String groupColumn, List<Row> tcp,
              List<Row> udp, List<String> analysis, List<String> commands, String query, List<Long> jobIds) {

    record EnvironmentRow(String item, String value) {
    }

    /** One scenario and direction (and driver, when several are compared). Loss and jitter only for UDP. */
    record Row(String scenario, String direction, String driver, int n, String throughput, String percentOfBurst,
               String retransmits, String packetLoss, String jitter) {
    }
}
