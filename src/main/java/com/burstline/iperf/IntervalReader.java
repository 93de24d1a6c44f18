package com.burstline.iperf;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads iperf3's {@code intervals} array into one {@link IntervalSample} per stream, sum and reverse sum. The same
 * reader serves the client's own intervals and the server's ({@code server_output_json}, from
 * {@code --get-server-output}): {@code clientOutput} says which host wrote them.
 */
final class IntervalReader {
    private final JsonPath intervals;
    private final Direction runDirection;
    private final boolean clientOutput;

    IntervalReader(JsonPath intervals, Direction runDirection, boolean clientOutput) {
        this.intervals = intervals;
        this.runDirection = runDirection;
        this.clientOutput = clientOutput;
    }

    List<IntervalSample> read() {
        List<IntervalSample> samples = new ArrayList<>();
        for (int index = 0; index < intervals.size(); index++) {
            JsonPath interval = intervals.element(index);
            if (interval.node() == null || !interval.node().isObject()) {
                throw interval.wrongType("an object");
            }
            JsonPath streams = interval.requireArray("streams");
            for (int s = 0; s < streams.size(); s++) {
                JsonPath stream = streams.element(s);
                samples.add(sample(index, stream, String.valueOf(stream.requireLong("socket"))));
            }
            samples.add(sample(index, interval.requireObject("sum"), IntervalSample.SUM));
            if (interval.has("sum_bidir_reverse")) {
                samples.add(sample(index, interval.requireObject("sum_bidir_reverse"), IntervalSample.SUM));
            }
        }
        return samples;
    }

    private IntervalSample sample(int index, JsonPath row, String stream) {
        Long retransmits = row.optionalLong("retransmits");
        double start = row.requireDouble("start");
        double end = row.requireDouble("end");
        if (end < start) {
            throw new ImplausibleValueException(row.path() + " ends (" + end + " s) before it starts (" + start
                    + " s); a real iperf3 interval ends after it starts");
        }
        return new IntervalSample(
                index,
                start,
                end,
                stream,
                direction(row),
                writerSends(row) ? Side.SENDER : Side.RECEIVER,
                row.requireLong("bytes"),
                row.requireDouble("bits_per_second"),
                retransmits == null || retransmits < 0 ? null : retransmits,
                row.plausibleLong("rtt"),
                row.plausibleLong("snd_cwnd"),
                row.optionalDouble("jitter_ms"),
                row.optionalLong("lost_packets"),
                row.optionalLong("packets"),
                row.optionalBoolean("omitted", false));
    }

    /**
     * In a bidirectional run each stream says whether the host that wrote the output sends on it; turned into the
     * client's point of view, that is upload or download. Other runs carry data one way only.
     */
    private Direction direction(JsonPath row) {
        if (runDirection != Direction.BIDIR) {
            return runDirection;
        }
        return writerSends(row) == clientOutput ? Direction.UPLOAD : Direction.DOWNLOAD;
    }

    /**
     * iperf3 marks each row with {@code sender}; where it does not (older versions' sums), the writer sends when it
     * is the client of an upload or the server of a download.
     */
    private boolean writerSends(JsonPath row) {
        boolean clientSends = runDirection != Direction.DOWNLOAD;
        return row.optionalBoolean("sender", clientOutput == clientSends);
    }
}
