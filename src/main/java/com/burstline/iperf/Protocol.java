package com.burstline.iperf;

/** The transport a test measured; iperf3's {@code test_start.protocol}. */
public enum Protocol {
    TCP, UDP
}
