package com.burstline.server.job;

import java.util.List;

/** Two agents a scenario runs between: the SUT runs the iperf3 client, the peer the iperf3 server. */
record Pair(String sut, String peer) {

    /** Both hosts: one throughput test at a time on each. */
    List<String> hosts() {
        return List.of(sut, peer);
    }
}
