package com.burstline.server.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The group column is headed by what the groups are; one group has no such column. */
class MarkdownReportTest {
    private static final Report.Row ROW = new Report.Row("TCP 4 streams", "Upload", "17", 2, "4.78 Gbit/s", "0",
            null, null);

    @Test
    void jobGroupsAreHeadedJob() {
        String markdown = MarkdownReport.render(report("Job"));

        assertThat(markdown).contains("| Job | Scenario | Direction | Throughput | Retransmits |",
                "| 17 | TCP 4 streams | Upload | 4.78 Gbit/s | 0 |");
    }

    @Test
    void oneGroupHasNoGroupColumn() {
        assertThat(MarkdownReport.render(report(null)))
                .contains("| Scenario | Direction | Throughput | Retransmits |", "| TCP 4 streams | Upload |");
    }

    private static Report report(String groupColumn) {
        return new Report("Network throughput", 2, List.of(), groupColumn, List.of(ROW), List.of(), List.of(),
                List.of(), "");
    }
}
