package com.burstline.iperf;

/** The input is not iperf3 JSON output, or a field has the wrong type; the message names what is wrong. */
public class Iperf3FormatException extends RuntimeException {
    public Iperf3FormatException(String message) {
        super(message);
    }

    public Iperf3FormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
