package com.burstline.iperf;

/**
 * iperf3 output of a test that never began (the client stopped before it): no {@code test_start}, no interval and
 * no {@code error}. It is iperf3's output, not a malformed upload, but holds no figure to keep.
 */
public class Iperf3MeasuredNothing extends RuntimeException {
    /** How the answer to such an upload is titled, in the API and on the upload page. */
    public static final String TITLE = "iperf3 measured nothing";

    public Iperf3MeasuredNothing(String detail) {
        super(detail);
    }
}
