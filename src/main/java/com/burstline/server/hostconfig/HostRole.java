package com.burstline.server.hostconfig;

import java.util.Locale;

/** Which host of a scenario a configuration belongs to: the SUT (the client) or the peer (the server role). */
public enum HostRole {
    SUT("the SUT"),
    PEER("the peer");

    private final String words;

    HostRole(String words) {
        this.words = words;
    }

    /** "the SUT", "the peer". */
    public String words() {
        return words;
    }

    public String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
