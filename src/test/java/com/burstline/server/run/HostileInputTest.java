package com.burstline.server.run;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The hostile corpus on the embedded default: H2 on disk in a fresh data dir. */
class HostileInputTest extends HostileInputBehaviour {

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        commonProperties(registry);
    }
}
