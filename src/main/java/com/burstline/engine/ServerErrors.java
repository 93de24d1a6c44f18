package com.burstline.engine;

/** iperf3's SERVER_ERROR codes that a client is likely to meet, in iperf3's words; any other code is tolerated. */
final class ServerErrors {
    static final int IESERVERTERM = 120;
    static final int IECREATESTREAM = 200;
    static final int IESTREAMACCEPT = 204;

    private ServerErrors() {
    }

    static String describe(int code, int errno) {
        String text = switch (code) {
            case 27 -> "total required bandwidth is larger than server limit";
            case 37 -> "client's requested duration exceeds the server's maximum permitted limit";
            case IESERVERTERM -> "the server has terminated";
            case 160 -> "server test duration expired";
            case IECREATESTREAM -> "unable to create a new stream";
            case IESTREAMACCEPT -> "unable to accept stream connection";
            case 205 -> "unable to write to stream socket";
            case 206 -> "unable to read from stream socket";
            default -> "error code " + code;
        };
        return "the server reported an error: " + text + (errno != 0 ? " (errno " + errno + ")" : "");
    }
}
