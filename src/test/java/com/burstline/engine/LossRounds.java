package com.burstline.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Datagrams lost in interleaved rounds of iperf3 alone, the engine sending to iperf3 and iperf3 sending to the
 * engine ({@link ShapedLinkIT}); the engine is within iperf3 when its median loss exceeds iperf3's median by at most
 * 0.1 % of the datagrams sent.
 */
record LossRounds(Losses iperf3, Losses sending, Losses receiving) {

    /** iperf3's median loss and 0.1 % of the datagrams sent. */
    long limit() {
        return iperf3.median() + iperf3.medianPackets() / 1000;
    }

    boolean engineWithinIperf3() {
        return sending.median() <= limit() && receiving.median() <= limit();
    }

    record Loss(long lost, long packets) {
        @Override
        public String toString() {
            return lost + "/" + packets;
        }
    }

    /** One pairing's losses, round by round. */
    record Losses(List<Loss> rounds) {
        Losses() {
            this(new ArrayList<>());
        }

        void add(Loss loss) {
            rounds.add(loss);
        }

        long median() {
            return rounds.stream().mapToLong(Loss::lost).sorted().toArray()[rounds.size() / 2];
        }

        long medianPackets() {
            return rounds.stream().mapToLong(Loss::packets).sorted().toArray()[rounds.size() / 2];
        }
    }
}
