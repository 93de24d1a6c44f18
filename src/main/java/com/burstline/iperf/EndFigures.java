package com.burstline.iperf;

/**
 * The summary figures of iperf3's {@code end}, each one only where the output holds it as iperf3 measured it; null
 * where the writer never learnt it. Two shapes: {@code sum_sent} and {@code sum_received} (TCP always, UDP from
 * 3.11), and the single {@code sum} of UDP before 3.11 (esnet/iperf PR #1174), which holds the sender's bytes and
 * rate with the receiver's jitter and loss, and no received rate. A 3.7-3.10 bidir run's second sums arrive renamed
 * as 3.11 names them ({@link Iperf3Plausibility}).
 *
 * <p>A server's output prints zeros for what it never learns: the sender's rate (and retransmits) of a direction it
 * receives, the received rate, jitter and loss of one it sends, and the client's CPU; those are null here.
 */
record EndFigures(Double sent, Double received, Long retransmits, Double jitterMs, Double lostPercent,
                  Double reverseSent, Double reverseReceived, Double remoteCpuPercent) {

    static EndFigures read(JsonPath end, Protocol protocol, Direction direction, OutputSide writer) {
        boolean bidir = direction == Direction.BIDIR;
        boolean udp = protocol == Protocol.UDP;
        JsonPath cpu = end.has("cpu_utilization_percent") ? end.requireObject("cpu_utilization_percent") : null;
        Double remoteCpu = cpu == null || writer == OutputSide.SERVER ? null : cpu.plausibleDouble("remote_total");
        EndFigures all;
        if (udp && !end.has("sum_sent") && !end.has("sum_received")) {
            JsonPath sum = end.requireObject("sum");
            all = new EndFigures(sum.requireDouble("bits_per_second"), null, null, sum.optionalDouble("jitter_ms"),
                    sum.optionalDouble("lost_percent"),
                    bidir ? end.requireObject("sum_bidir_reverse").requireDouble("bits_per_second") : null, null,
                    remoteCpu);
        } else {
            JsonPath sent = end.requireObject("sum_sent");
            JsonPath received = end.requireObject("sum_received");
            all = new EndFigures(sent.requireDouble("bits_per_second"), received.requireDouble("bits_per_second"),
                    udp ? null : knownCount(sent.optionalLong("retransmits")),
                    udp ? received.optionalDouble("jitter_ms") : null,
                    udp ? received.optionalDouble("lost_percent") : null,
                    bidir ? end.requireObject("sum_sent_bidir_reverse").requireDouble("bits_per_second") : null,
                    bidir ? end.requireObject("sum_received_bidir_reverse").requireDouble("bits_per_second") : null,
                    remoteCpu);
        }
        return writer == OutputSide.SERVER ? all.asServerSaw(direction) : all;
    }

    /**
     * Keeps the figures of the server's own end of each direction. Its first direction is the client's upload
     * (also in a bidir run); the reverse one, a bidir run's download, the server sends.
     */
    private EndFigures asServerSaw(Direction direction) {
        boolean serverSends = direction == Direction.DOWNLOAD;
        return new EndFigures(serverSends ? sent : null, serverSends ? null : received,
                serverSends ? retransmits : null, serverSends ? null : jitterMs, serverSends ? null : lostPercent,
                reverseSent, null, null);
    }

    /** iperf3 reports -1 where it has no count (no TCP_INFO); that is "unknown", not a count. */
    static Long knownCount(Long value) {
        return value == null || value < 0 ? null : value;
    }
}
