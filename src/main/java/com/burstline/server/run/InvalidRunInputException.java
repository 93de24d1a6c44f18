package com.burstline.server.run;

/** Bad input that is not iperf3's fault: metadata out of bounds, an unknown filter value. Answered with 400. */
public class InvalidRunInputException extends RuntimeException {
    public InvalidRunInputException(String message) {
        super(message);
    }
}
