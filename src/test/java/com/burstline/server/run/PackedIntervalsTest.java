package com.burstline.server.run;

import com.burstline.contract.Direction;
import com.burstline.iperf.IntervalSample;
import com.burstline.iperf.Iperf3OutputParser;
import com.burstline.iperf.Samples;
import com.burstline.iperf.Side;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A pack gives back every field of every row as stored, from real iperf3 output of both sides and protocols. */
class PackedIntervalsTest {

    @Test
    void realRowsOfTcpAndUdpBothSidesComeBackUnchanged() {
        List<IntervalRow> rows = new ArrayList<>();
        for (String sample : List.of("iperf3-312-tcp-4-upload.json", "iperf3-312-udp-1g-upload-server-lab.json",
                "iperf3-312-tcp-1-bidir-server-lab.json")) {
            new Iperf3OutputParser().parse(Samples.bytes(sample)).intervals()
                    .forEach(s -> rows.add(new IntervalRow(s, false)));
        }
        assertThat(rows).extracting(IntervalRow::sample).anyMatch(row -> row.jitterMs() != null)
                .anyMatch(row -> row.rttMicros() != null).anyMatch(row -> row.retransmits() == null)
                .anyMatch(row -> row.side() == Side.RECEIVER);

        byte[] packed = PackedIntervals.pack(rows);

        assertThat(PackedIntervals.unpack(packed)).contains(rows);
        System.out.printf("%d rows packed into %d bytes%n", rows.size(), packed.length);
    }

    @Test
    void aChartPackKeepsWhatTheChartOfEveryRowKeeps() {
        List<IntervalRow> rows = new ArrayList<>();
        for (int i = 0; i < 9000; i++) {
            rows.add(new IntervalRow(new IntervalSample(i, i * 0.1, i * 0.1 + 0.1, IntervalSample.SUM,
                    Direction.UPLOAD, Side.SENDER, 1000, 1e9 + (i % 97) * 1e6 - (i == 4321 ? 9e8 : 0), 0L, null, null,
                    null, null, null, false), false));
        }
        List<IntervalRow> kept = IntervalDownsampling.of(rows, IntervalPacks.CHART_POINTS);

        assertThat(IntervalDownsampling.of(PackedIntervals.unpack(PackedIntervals.pack(kept)).orElseThrow(), 2000)).isEqualTo(kept);
        assertThat(kept).hasSizeLessThanOrEqualTo(2000).anyMatch(row -> row.sample().interval() == 4321);
    }
}
