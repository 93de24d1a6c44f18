package com.burstline.server.trend;

import com.burstline.contract.Scenario;
import com.burstline.server.compare.InvalidSelectionException;
import com.burstline.server.compare.SelectionQuery;
import com.burstline.server.run.QueryParameters;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;

import java.util.List;

/**
 * A trend's query string: the selection of compare, reports and exports (without groups, a trend has one line), plus
 * {@code streams}, {@code target} (UDP bit/s) and {@code messageBytes} (UDP_RR, TCP_RR) to pin the scenario and
 * {@code last}, how many of the newest runs the series covers.
 */
record TrendQuery(SelectionQuery selection, Integer streams, Long target, Integer messageBytes, int last) {
    static final int DEFAULT_LAST = 1000;
    static final int MAX_LAST = 10_000;

    private static final List<String> PARAMETERS = List.of("sut", "peer", "protocol", "direction", "streams",
            "target", "messageBytes", "driver", "instanceType", "tag", "job", "run", "last", "status");

    static TrendQuery parse(MultiValueMap<String, String> params) {
        QueryParameters.firstUnknown(params.keySet(), PARAMETERS).ifPresent(name -> {
            throw new InvalidSelectionException("unknown parameter '" + name + "'; a trend has one line (no "
                    + "groups) and its parameters are " + String.join(", ", PARAMETERS));
        });
        MultiValueMap<String, String> rest = new LinkedMultiValueMap<>(params);
        Long streams = number(rest.remove("streams"), "streams");
        Long target = number(rest.remove("target"), "target");
        Long messageBytes = number(rest.remove("messageBytes"), "messageBytes");
        Long last = number(rest.remove("last"), "last");
        if (streams != null && (streams < 1 || streams > 128)) {
            throw new InvalidSelectionException("streams must be between 1 and 128, not " + streams);
        }
        String outOfRange = messageBytes == null ? null : Scenario.MESSAGE_BYTES.problem("", messageBytes);
        if (outOfRange != null) {
            throw new InvalidSelectionException(outOfRange);
        }
        if (last != null && (last < 2 || last > MAX_LAST)) {
            throw new InvalidSelectionException("last must be between 2 and " + MAX_LAST + ", not " + last);
        }
        return new TrendQuery(SelectionQuery.parse(rest, null), streams == null ? null : streams.intValue(), target,
                messageBytes == null ? null : messageBytes.intValue(), last == null ? DEFAULT_LAST : last.intValue());
    }

    private static Long number(List<String> values, String name) {
        if (values == null || values.isEmpty() || values.get(0).isBlank()) {
            return null;
        }
        if (values.size() > 1) {
            throw new InvalidSelectionException(name + " may be given once");
        }
        try {
            return Long.parseLong(values.get(0).strip());
        } catch (NumberFormatException e) {
            throw new InvalidSelectionException(name + " must be a whole number, not '" + values.get(0) + "'");
        }
    }
}
