package com.burstline.server.run;

import java.util.List;

/**
 * What a person says about a run, beside what it measured: the hosts (the SUT ran the iperf3 client, the peer the
 * server), the instance type and driver it is filed under, and its tags. All optional; the field names are part of
 * the API.
 */
public record Labels(String sut, String peer, String instanceType, String driver, List<String> tags) {
    public Labels {
        tags = tags == null ? List.of() : List.copyOf(tags);
    }
}
