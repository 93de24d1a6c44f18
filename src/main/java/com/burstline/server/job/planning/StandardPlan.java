package com.burstline.server.job.planning;

import com.burstline.contract.Direction;
import com.burstline.contract.Protocol;
import com.burstline.contract.Scenario;

import java.util.List;

/**
 * The "standard" plan: the seven scenarios that show an instance's network profile. TCP with one and four streams
 * both ways (one stream is limited per flow on most clouds, four show the instance limit), UDP at 1 and 5 Gbit/s
 * for jitter and loss, and UDP_RR (one flow of 64-byte transactions) for round-trip latency, which a driver's
 * interrupt moderation changes while its throughput stays. 30 s each with 5 s intervals, long enough to see a burst
 * allowance run out; each throughput scenario runs the job's loaded-latency probe beside it.
 */
public final class StandardPlan {
    public static final String NAME = "standard";
    private static final int SECONDS = 30;
    private static final double INTERVAL = 5;

    private StandardPlan() {
    }

    public static List<Scenario> scenarios() {
        return List.of(
                tcp(1, Direction.UPLOAD), tcp(4, Direction.UPLOAD),
                tcp(1, Direction.DOWNLOAD), tcp(4, Direction.DOWNLOAD),
                udp(1_000_000_000L), udp(5_000_000_000L), udpRequestResponse());
    }

    private static Scenario udpRequestResponse() {
        return Scenario.of(Protocol.UDP_RR, Direction.UPLOAD).durationSeconds(SECONDS).intervalSeconds(INTERVAL)
                .tool(Scenario.TOOL_ENGINE).messageBytes(Scenario.DEFAULT_MESSAGE_BYTES).build();
    }

    private static Scenario tcp(int streams, Direction direction) {
        return Scenario.of(Protocol.TCP, direction).streams(streams).durationSeconds(SECONDS).intervalSeconds(INTERVAL)
                .build();
    }

    private static Scenario udp(long bitsPerSecond) {
        return Scenario.of(Protocol.UDP, Direction.UPLOAD).durationSeconds(SECONDS).intervalSeconds(INTERVAL)
                .targetBitsPerSecond(bitsPerSecond).build();
    }
}
