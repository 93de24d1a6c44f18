package com.burstline.iperf;

/**
 * What a run measured, as its output reports it: iperf3's own figures, unrounded, in bits per second, ms and percent.
 * {@code sentBitsPerSecond} is {@code end.sum_sent.bits_per_second}, {@code receivedBitsPerSecond}
 * {@code end.sum_received.bits_per_second} (see {@link EndFigures} for the other shapes); the reverse figures are a
 * {@code --bidir} run's other direction, kept apart. {@code hostCpuPercent} is the writer's CPU, {@code
 * remoteCpuPercent} the other end's. A figure the output does not hold is null, never 0: retransmits on a host
 * without TCP_INFO, jitter on TCP, the received rate of UDP before iperf3 3.11, what a server's output never learns.
 * The one record of these figures: the parser makes it, runs store and show it.
 */
public record Measured(Double sentBitsPerSecond, Double receivedBitsPerSecond, Long retransmits, Double jitterMs,
                       Double lostPercent, Double hostCpuPercent, Double remoteCpuPercent,
                       Double reverseSentBitsPerSecond, Double reverseReceivedBitsPerSecond) {
}
