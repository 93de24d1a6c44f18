package com.burstline.contract;

/**
 * What a request/response scenario ({@link Protocol#UDP_RR}, {@link Protocol#TCP_RR}) may say beside its protocol:
 * it has no target rate and no direction of its own (the SUT sends the requests, so it is stored as an upload), and
 * only the engine runs it, on both ends, since iperf3 has no request/response test.
 */
final class RequestResponseRules {
    private RequestResponseRules() {
    }

    static void check(Protocol protocol, Direction direction, Long targetBitsPerSecond, String tool) {
        if (direction != Direction.UPLOAD) {
            throw new InvalidMessageException("direction of " + protocol + " must be upload (the SUT sends the "
                    + "requests, the peer answers them), not '" + direction + "'");
        }
        if (targetBitsPerSecond != null) {
            throw new InvalidMessageException(protocol + " takes no targetBitsPerSecond: each flow sends its next "
                    + "request when the last one is answered");
        }
        if (Scenario.TOOL_IPERF3.equals(tool)) {
            throw new InvalidMessageException(protocol + " is measured by " + Scenario.TOOL_ENGINE + " on both ends "
                    + "(iperf3 has no request/response test); use tool '" + Scenario.TOOL_ENGINE + "' or 'auto'");
        }
    }
}
