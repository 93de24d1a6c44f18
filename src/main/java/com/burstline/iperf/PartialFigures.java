package com.burstline.iperf;

import com.burstline.contract.Direction;
import com.burstline.contract.Protocol;
import com.burstline.contract.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The figures of a test iperf3 stopped before its end summary, from the interval sums it printed: bytes over the
 * seconds measured, per side and direction. A side iperf3 printed no rows for (the server's, when its output never
 * came) takes the other side's rate, so such a run's "received" is what the client measured; a run built this way is
 * marked partial wherever it is stored, and its figures are never taken for a complete measurement.
 */
final class PartialFigures {
    private PartialFigures() {
    }

    /**
     * The rows without repeats: iperf3 3.12 prints its last interval a second time when the test ends in an error
     * (seen in the real output of a client whose server was killed).
     */
    static List<IntervalSample> measured(List<IntervalSample> rows) {
        List<IntervalSample> kept = new ArrayList<>();
        for (IntervalSample row : rows) {
            boolean repeat = kept.stream().anyMatch(earlier -> sameRow(earlier, row));
            if (!repeat) {
                kept.add(row);
            }
        }
        return kept;
    }

    /** @throws Iperf3FormatException when iperf3 measured no interval before it stopped */
    static Measured of(List<IntervalSample> rows, Scenario scenario) {
        Direction direction = scenario.direction();
        boolean tcp = scenario.protocol() == Protocol.TCP;
        List<IntervalSample> sums = rows.stream().filter(row -> row.isSum() && !row.omitted()).toList();
        if (sums.isEmpty()) {
            throw nothingMeasured();
        }
        Direction forward = direction == Direction.DOWNLOAD ? Direction.DOWNLOAD : Direction.UPLOAD;
        List<IntervalSample> there = inDirection(sums, forward);
        List<IntervalSample> back = direction == Direction.BIDIR ? inDirection(sums, Direction.DOWNLOAD) : List.of();
        List<IntervalSample> senders = bySide(there, Side.SENDER);
        List<IntervalSample> receivers = bySide(there, Side.RECEIVER);
        Double jitter = receivers.isEmpty() ? null : receivers.get(receivers.size() - 1).jitterMs();
        return new Measured(rate(senders, receivers), rate(receivers, senders), tcp ? retransmits(senders) : null,
                tcp ? null : jitter, tcp ? null : lostPercent(receivers), null, null,
                back.isEmpty() ? null : rate(bySide(back, Side.SENDER), bySide(back, Side.RECEIVER)),
                back.isEmpty() ? null : rate(bySide(back, Side.RECEIVER), bySide(back, Side.SENDER)));
    }

    static Iperf3FormatException nothingMeasured() {
        return new Iperf3FormatException("iperf3 measured no interval before it stopped, so there is nothing to "
                + "keep of this test");
    }

    private static boolean sameRow(IntervalSample a, IntervalSample b) {
        return a.start() == b.start() && a.end() == b.end() && a.stream().equals(b.stream())
                && a.direction() == b.direction() && a.side() == b.side() && a.bytes() == b.bytes();
    }

    private static List<IntervalSample> inDirection(List<IntervalSample> sums, Direction direction) {
        return sums.stream().filter(row -> row.direction() == direction).toList();
    }

    private static List<IntervalSample> bySide(List<IntervalSample> sums, Side side) {
        return sums.stream().filter(row -> row.side() == side).toList();
    }

    /** The rate of {@code rows}, or of {@code otherwise} when iperf3 printed none for this side. */
    private static double rate(List<IntervalSample> rows, List<IntervalSample> otherwise) {
        List<IntervalSample> measured = rows.isEmpty() ? otherwise : rows;
        double seconds = measured.stream().mapToDouble(row -> row.end() - row.start()).sum();
        long bytes = measured.stream().mapToLong(IntervalSample::bytes).sum();
        return seconds > 0 ? bytes * 8 / seconds : 0;
    }

    private static Long retransmits(List<IntervalSample> senders) {
        List<Long> counts = senders.stream().map(IntervalSample::retransmits).filter(Objects::nonNull).toList();
        return counts.isEmpty() ? null : counts.stream().mapToLong(Long::longValue).sum();
    }

    private static Double lostPercent(List<IntervalSample> receivers) {
        long packets = receivers.stream().map(IntervalSample::packets).filter(Objects::nonNull)
                .mapToLong(Long::longValue).sum();
        long lost = receivers.stream().map(IntervalSample::lostPackets).filter(Objects::nonNull)
                .mapToLong(Long::longValue).sum();
        return packets > 0 ? lost * 100.0 / packets : null;
    }
}
