package com.burstline.server.job.planning;

import java.util.List;

/** Two agents a scenario runs between: the SUT runs the iperf3 client, the peer the iperf3 server. */
public record Pair(String sut, String peer) {

    /** Both hosts: one throughput test at a time on each. */
    public List<String> hosts() {
        return List.of(sut, peer);
    }
}
