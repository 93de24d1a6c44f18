package com.burstline.server.system;

import java.io.IOException;

/** A request body that did not arrive within burstline.http.body-timeout: 408, whoever was reading it. */
public class SlowBodyException extends IOException {
    SlowBodyException(String limit) {
        super("the request body did not arrive within " + limit);
    }
}
