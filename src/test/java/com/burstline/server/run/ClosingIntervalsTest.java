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
            assertThat(row.side()).isEqualTo("sender");
            assertThat(row.end() - row.start()).isLessThan(0.002);
            assertThat(row.start()).isGreaterThan(5.0);
        });
        assertThat(closing).extracting(IntervalRow::stream).doesNotHaveDuplicates().contains("sum");
    }

    @Test
    void nothingElseChanges() {
        List<IntervalRow> marked = ClosingIntervals.mark(ROWS);

        assertThat(marked).hasSameSizeAs(ROWS);
        for (int i = 0; i < ROWS.size(); i++) {
            assertThat(marked.get(i).asClosing()).as("row %d but for the mark", i).isEqualTo(ROWS.get(i).asClosing());
        }
        assertThat(marked.stream().filter(row -> "receiver".equals(row.side())).noneMatch(IntervalRow::closing))
                .as("the client's 1 s intervals end on a full one").isTrue();
    }

    @Test
    void withFewerThanThreeIntervalsNothingIsMarked() {
        List<IntervalRow> serverSums = ROWS.stream().filter(row -> "sum".equals(row.stream())
                && "sender".equals(row.side())).toList();

        assertThat(ClosingIntervals.mark(serverSums.subList(serverSums.size() - 2, serverSums.size())))
                .noneMatch(IntervalRow::closing);
        assertThat(ClosingIntervals.mark(serverSums)).filteredOn(IntervalRow::closing).hasSize(1);
    }

    private static List<IntervalRow> rows(String sample) {
        return new Iperf3OutputParser().parse(Samples.bytes(sample)).intervals().stream()
                .map(ClosingIntervalsTest::row).toList();
    }

    private static IntervalRow row(IntervalSample s) {
        return new IntervalRow(s.index(), s.start(), s.end(), s.stream(), s.direction().apiName(),
                s.side().apiName(), s.bytes(), s.bitsPerSecond(), s.retransmits(), s.rttMicros(), s.cwndBytes(),
                s.jitterMs(), s.lostPackets(), s.packets(), s.omitted(), false);
    }
}
