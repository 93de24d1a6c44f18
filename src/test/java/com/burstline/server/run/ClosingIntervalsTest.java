package com.burstline.server.run;

import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Samples;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The closing sliver on real iperf3 output: a 5 s download whose server's report ends 5.00011–5.001381 s (1.3 ms at
 * 8.25 Gbit/s after 1 s intervals at 3.8), and whose client's report does not.
 */
class ClosingIntervalsTest {
    private static final List<IntervalRow> ROWS = rows("iperf3-312-tcp-1-download-4g-server-lab.json");

    @Test
    void theServersLastSliverIsMarkedInEachOfItsLines() {
        List<IntervalRow> closing = ClosingIntervals.mark(ROWS).stream().filter(IntervalRow::closing).toList();

        assertThat(closing).isNotEmpty().allSatisfy(row -> {
            assertThat(row.sample().side().apiName()).isEqualTo("sender");
            assertThat(row.sample().end() - row.sample().start()).isLessThan(0.002);
            assertThat(row.sample().start()).isGreaterThan(5.0);
        });
        assertThat(closing).extracting(row -> row.sample().stream()).doesNotHaveDuplicates().contains("sum");
    }

    @Test
    void nothingElseChanges() {
        List<IntervalRow> marked = ClosingIntervals.mark(ROWS);

        assertThat(marked).hasSameSizeAs(ROWS);
        for (int i = 0; i < ROWS.size(); i++) {
            assertThat(marked.get(i).asClosing()).as("row %d but for the mark", i).isEqualTo(ROWS.get(i).asClosing());
        }
        assertThat(marked.stream().filter(row -> "receiver".equals(row.sample().side().apiName()))
                .noneMatch(IntervalRow::closing))
                .as("the client's 1 s intervals end on a full one").isTrue();
    }

    @Test
    void withFewerThanThreeIntervalsNothingIsMarked() {
        List<IntervalRow> serverSums = ROWS.stream().filter(row -> "sum".equals(row.sample().stream())
                && "sender".equals(row.sample().side().apiName())).toList();

        assertThat(ClosingIntervals.mark(serverSums.subList(serverSums.size() - 2, serverSums.size())))
                .noneMatch(IntervalRow::closing);
        assertThat(ClosingIntervals.mark(serverSums)).filteredOn(IntervalRow::closing).hasSize(1);
    }

    private static List<IntervalRow> rows(String sample) {
        return new Iperf3OutputParser().parse(Samples.bytes(sample)).intervals().stream()
                .map(row -> new IntervalRow(row, false)).toList();
    }
}
