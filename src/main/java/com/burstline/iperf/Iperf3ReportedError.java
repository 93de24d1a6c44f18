package com.burstline.iperf;

/** iperf3 itself reported that the test failed (its JSON carries {@code "error"}); the message is iperf3's. */
public class Iperf3ReportedError extends RuntimeException {
    public Iperf3ReportedError(String iperf3Message) {
        super(iperf3Message);
    }
}
