package com.burstline.server.report;

import java.util.List;

/**
 * Everything the Markdown and HTML reports show, already worded and formatted; both render exactly this.
 * {@code groupColumn} heads the group column ("Driver", "Job", ...), null when the selection is one group;
 * {@code jobIds} are the jobs that measured the runs (none for uploads); {@code probes} the latest burst probes of
 * the runs' SUTs.
 */
record Report(String title, int runCount, List<EnvironmentRow> environment, String groupColumn, List<Row> tcp,
              List<Row> udp, List<String> analysis, List<String> commands, String query, List<Long> jobIds,
              List<ProbeRow> probes) {

    record EnvironmentRow(String item, String value) {
    }

    /** The latest burst probe of one direction of a SUT of the report, already worded. */
    record ProbeRow(String host, String direction, String burst, String lasted, String baseline, String credit,
                    long jobId) {
    }

    /** One scenario and direction (and driver, when several are compared). Loss and jitter only for UDP. */
    record Row(String scenario, String direction, String driver, int n, String throughput, String percentOfBurst,
               String retransmits, String packetLoss, String jitter) {
    }
}
