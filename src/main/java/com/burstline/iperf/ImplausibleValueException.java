package com.burstline.iperf;

/** A value in iperf3 output that no real run can have; the message names its JSON path and the allowed range. */
public final class ImplausibleValueException extends Iperf3FormatException {
    ImplausibleValueException(String message) {
        super(message);
    }
}
